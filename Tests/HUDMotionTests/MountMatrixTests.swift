@testable import HUDMotion
import Testing

@Suite struct MountMatrixTests {
    @Test func parsesIdentityAsTheKernelPrintsIt() throws {
        #expect(try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1", path: "m") == .identity)
        #expect(try MountMatrix(parsing: "1,0,0;0,1,0;0,0,1", path: "m") == .identity)
    }

    @Test func appliesRowsToTheReading() throws {
        let m = try MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, -1", path: "m")
        let g = m.apply(GravityVector(x: 1, y: 2, z: 3))
        #expect(g == GravityVector(x: 2, y: 1, z: -3))
        let half = try MountMatrix(parsing: "0.5, 0, 0; 0, -1, 0; 0, 0, 1", path: "m")
        #expect(half.apply(GravityVector(x: 4, y: 2, z: 1)) == GravityVector(x: 2, y: -2, z: 1))
        #expect(half.description == "0.5, 0, 0; 0, -1, 0; 0, 0, 1")
    }

    @Test(arguments: ["", "1, 0; 0, 1", "1, 0, 0; 0, 1, 0", "a, b, c; 0, 1, 0; 0, 0, 1",
                      "nan, 0, 0; 0, 1, 0; 0, 0, 1", "1, 0, 0; 0, 1, 0; 0, 0, 1; 0, 0, 0", "1, 0, 0, 0; 0, 1, 0; 0, 0, 1"])
    func rejectsMalformed(_ text: String) {
        #expect(throws: MotionError.self) { try MountMatrix(parsing: text, path: "in_mount_matrix") }
    }
}
