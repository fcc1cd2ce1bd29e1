import FoundationEssentials

/// Runs `body` on every item with at most `limit` running at once, and returns the results in the
/// items' order. `done` is called after each one finishes, with how many have (for a progress line).
/// Bulk work (imports, fan-out over accounts) uses it to stay within what a server takes.
public func concurrently<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int,
    done: (@Sendable (Int) -> Void)? = nil,
    _ body: @escaping @Sendable (Item) async -> Result
) async -> [Result] {
    guard !items.isEmpty else { return [] }
    var results = [Result?](repeating: nil, count: items.count)
    await withTaskGroup(of: (Int, Result).self) { group in
        var next = 0
        func start() {
            let index = next
            let item = items[index]
            group.addTask { (index, await body(item)) }
            next += 1
        }
        while next < min(max(1, limit), items.count) { start() }
        var finished = 0
        for await (index, result) in group {
            results[index] = result
            finished += 1
            done?(finished)
            if next < items.count { start() }
        }
    }
    return results.map { $0! }
}
