/// Command lines for people to read and paste back into a shell.
public enum ShellWords {
    /// The words joined with spaces, each single-quoted where a shell would otherwise split or expand it.
    public static func join(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    public static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                (scalar.isASCII
                    && (("a"..."z").contains(Character(scalar)) || ("A"..."Z").contains(Character(scalar))
                        || ("0"..."9").contains(Character(scalar))))
                    || "@%+=:,./-_[]".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}
