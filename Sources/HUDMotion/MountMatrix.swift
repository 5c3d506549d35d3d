/// A sensor's mounting rotation from `mount_matrix`, `in_mount_matrix` or
/// `in_accel_mount_matrix`: text "x, y, z; x, y, z; x, y, z", rows separated
/// by ";". A reading v becomes M·v in the device's frame.
public struct MountMatrix: Hashable, Sendable, CustomStringConvertible {
    /// Row-major, 9 values.
    public private(set) var rows: [[Double]]

    public static let identity = MountMatrix(uncheckedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    private init(uncheckedRows: [[Double]]) { rows = uncheckedRows }

    /// Rows of three finite numbers each; nil otherwise.
    public init?(rows: [[Double]]) {
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }) else { return nil }
        self.rows = rows
    }

    /// Parses the sysfs text; `path` only names the file in the error.
    public init(parsing text: String, path: String) throws(MotionError) {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        var parsed: [[Double]] = []
        for row in rowTexts {
            let values = row.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingSpaces())
            }
            guard values.count == 3, let a = values[0], let b = values[1], let c = values[2] else {
                throw .badMountMatrix(path: path, text: text)
            }
            parsed.append([a, b, c])
        }
        guard let m = MountMatrix(rows: parsed) else { throw .badMountMatrix(path: path, text: text) }
        self = m
    }

    public func apply(_ v: GravityVector) -> GravityVector {
        GravityVector(x: rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
                      y: rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
                      z: rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
    }

    public var isIdentity: Bool { self == .identity }

    public var description: String {
        rows.map { $0.map { MountMatrix.format($0) }.joined(separator: ", ") }.joined(separator: "; ")
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\n" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" { s.removeLast() }
        return s
    }
}
