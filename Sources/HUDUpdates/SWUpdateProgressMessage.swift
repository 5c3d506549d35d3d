/// One `struct progress_msg` from SWUpdate's progress socket, decoded.
public struct SWUpdateProgressMessage: Sendable, Hashable {
    /// The message's API version: 0 in releases before the API was versioned
    /// (Debian 12's 2022.12, whose first field is an unused `magic`),
    /// `0x00020000` (2.0.0) from 2023.12 on.
    public var apiVersion: UInt32
    public var status: SWUpdateStatus
    /// Percent of the download (0…100) while SWUpdate downloads the image itself.
    public var downloadPercent: Int
    public var downloadBytes: UInt64
    /// Steps (images to install) in this update, and the one running (1-based).
    public var steps: Int
    public var step: Int
    /// Percent (0…100) of the running step.
    public var stepPercent: Int
    /// The image being installed (`cur_image`), e.g. `rootfs.ext4`.
    public var image: String
    /// The handler installing it (`hnd_name`), e.g. `raw`.
    public var handler: String
    /// What started the update (`sourcetype`: 4 is a local file).
    public var source: UInt32
    /// Extra information (`info`): an event's text, e.g. a failure's cause.
    public var info: String

    public init(apiVersion: UInt32 = 0, status: SWUpdateStatus, downloadPercent: Int = 0, downloadBytes: UInt64 = 0,
                steps: Int = 0, step: Int = 0, stepPercent: Int = 0, image: String = "", handler: String = "",
                source: UInt32 = 0, info: String = "") {
        self.apiVersion = apiVersion
        self.status = status
        self.downloadPercent = downloadPercent
        self.downloadBytes = downloadBytes
        self.steps = steps
        self.step = step
        self.stepPercent = stepPercent
        self.image = image
        self.handler = handler
        self.source = source
        self.info = info
    }
}
