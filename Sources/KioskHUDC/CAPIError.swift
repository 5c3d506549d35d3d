/// A failed C call: its status and the message `kh_last_error_message` gives.
struct CAPIError: Error {
    var status: KHStatus
    var message: String

    init(_ status: KHStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
