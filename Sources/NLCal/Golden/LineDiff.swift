/// A line diff (Myers' O(ND) algorithm) and its unified-diff rendering.
///
/// ```swift
/// LineDiff.unified(old: ["a", "b"], new: ["a", "c"], oldName: "expected", newName: "actual")
/// // --- expected
/// // +++ actual
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
/// ```
public enum LineDiff {
    public enum Edit: Equatable, Sendable {
        case same(String)
        case delete(String)
        case insert(String)
    }

    /// The shortest edit script turning `a` into `b`.
    public static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count, m = b.count
        let maxD = n + m
        if maxD == 0 { return [] }
        let offset = maxD
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...maxD {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break }
                k += 2
            }
            if found { break }
        }
        // Walk back through the saved frontiers.
        var script: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let vd = trace[d]
            let k = x - y
            let prevK: Int
            if k == -d || (k != d && vd[offset + k - 1] < vd[offset + k + 1]) { prevK = k + 1 } else { prevK = k - 1 }
            let prevX = d == 0 ? 0 : vd[offset + prevK]
            let prevY = prevX - prevK
            while x > prevX && y > prevY { script.append(.same(a[x - 1])); x -= 1; y -= 1 }
            if d > 0 {
                if x == prevX { script.append(.insert(b[y - 1])); y -= 1 } else { script.append(.delete(a[x - 1])); x -= 1 }
            }
        }
        while x > 0 && y > 0 { script.append(.same(a[x - 1])); x -= 1; y -= 1 }
        return script.reversed()
    }

    /// A unified diff with `context` lines around each change; empty when the texts are equal.
    public static func unified(old: [String], new: [String], oldName: String, newName: String, context: Int = 3) -> String {
        let script = edits(old, new)
        guard script.contains(where: { if case .same = $0 { return false }; return true }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Positions in old/new before each edit.
        var pos: [(Int, Int)] = []
        var i = 0, j = 0
        for e in script {
            pos.append((i, j))
            switch e {
            case .same: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        let changed = script.indices.filter { if case .same = script[$0] { return false }; return true }
        var h = 0
        while h < changed.count {
            let first = changed[h]
            var last = first
            var next = h + 1
            while next < changed.count, changed[next] - last <= 2 * context + 1 { last = changed[next]; next += 1 }
            let lo = max(0, first - context), hi = min(script.count - 1, last + context)
            var oldCount = 0, newCount = 0
            var body = ""
            for e in script[lo...hi] {
                switch e {
                case .same(let s): body += " \(s)\n"; oldCount += 1; newCount += 1
                case .delete(let s): body += "-\(s)\n"; oldCount += 1
                case .insert(let s): body += "+\(s)\n"; newCount += 1
                }
            }
            let oldStart = oldCount == 0 ? pos[lo].0 : pos[lo].0 + 1
            let newStart = newCount == 0 ? pos[lo].1 : pos[lo].1 + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            h = next
        }
        return out
    }
}
