#if canImport(Glibc)
import Glibc
#endif

/// Each thread's last error message (errno-like, as `kh_last_error_message`
/// promises): a `pthread_key_t` holding a malloc'ed C string, freed when it
/// is replaced or its thread exits.
enum LastErrorMessage {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Replaces the calling thread's message.
    static func set(_ message: String) {
        let copy = strdup(message)
        let old = pthread_getspecific(key)
        pthread_setspecific(key, copy)
        free(old)
    }

    /// The calling thread's message; nil when it has none.
    static var current: UnsafePointer<CChar>? {
        pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) }
    }
}
