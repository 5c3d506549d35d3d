import HUDProtocol
import Testing

@Suite struct ProgressLineScannerTests {
    @Test func defaultFindsFirstPercentage() throws {
        let s = try ProgressLineScanner()
        #expect(s.percent(in: "Downloading 42.5% of 3 files (file 2: 10%)") == 42.5)
        #expect(s.percent(in: "[ 7 %] building") == 7)
        #expect(s.percent(in: "100%") == 100)
        #expect(s.percent(in: "step 3 of 9, 33%") == 33)
        #expect(s.percent(in: "no number here") == nil)
        #expect(s.percent(in: "version 2.1 ready") == nil)
        #expect(s.percent(in: "150%") == 100, "clamped")
        #expect(s.percent(in: "1.2.3%") == nil)
    }

    @Test func prefixAndSuffix() throws {
        let s = try ProgressLineScanner(prefix: "progress: ", suffix: "")
        #expect(s.percent(in: "eta 5s progress: 64 left") == 64)
        #expect(s.percent(in: "64% done") == nil)
        let fraction = try ProgressLineScanner(prefix: "frac=", suffix: "", scale: 1)
        #expect(fraction.percent(in: "frac=0.25") == 25)
    }

    @Test func regexPattern() throws {
        let s = try ProgressLineScanner(pattern: #"\((\d+)/100\)"#)
        #expect(s.percent(in: "writing blocks (37/100)") == 37)
        #expect(s.percent(in: "writing 37%") == nil)
    }

    @Test func posixPatternWithShorthands() throws {
        // \d inside a bracket expression, \D, and a line with UTF-8 before the match.
        let fraction = try ProgressLineScanner(pattern: #"progress ([\d.]+)\D"#, scale: 1)
        #expect(fraction.percent(in: "Écriture: progress 0.5 done") == 50)
        let percent = try ProgressLineScanner(pattern: #"(\d+)%"#)
        #expect(percent.percent(in: "Téléchargement 37% (ça avance)") == 37)
        #expect(percent.percent(in: "37 %") == nil)
        // A bracket starting with ']' keeps it literal; the group is the number after it.
        let bracket = try ProgressLineScanner(pattern: #"[]x]([0-9]+)"#)
        #expect(bracket.percent(in: "step ]42") == 42)
    }

    @Test func badPatterns() {
        // Swift Regex's and PCRE's non-capturing group is not POSIX: named in the error.
        #expect(throws: ProgressLineScanner.PatternError.self) { try ProgressLineScanner(pattern: #"(?:x)(\d+)"#) }
        do {
            _ = try ProgressLineScanner(pattern: "(unclosed")
            Issue.record("(unclosed compiled")
        } catch {
            #expect("\(error)".hasPrefix("--pattern '(unclosed' is not a valid regular expression: "))
        }
        #expect(throws: ProgressLineScanner.PatternError.self) { try ProgressLineScanner(pattern: #"\d+%"#) }
        #expect(throws: ProgressLineScanner.PatternError.self) { try ProgressLineScanner(scale: 0) }
        #expect(throws: ProgressLineScanner.PatternError.self) { try ProgressLineScanner(prefix: "", suffix: "") }
    }
}
