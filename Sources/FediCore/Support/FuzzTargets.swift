import FoundationEssentials

/// What fedictl reads from outside, as the fuzzers drive it: every shape decoded from a server's
/// answer (as one object and as a list, through the API's decoder), server text turned into plain
/// text, and the blocklist reader in every format. Each must answer or throw on any bytes, never
/// trap. Used by the seeded mutation test in `swift test` and by the libFuzzer target (`make fuzz`,
/// Fuzz/), which compiles this module's sources with it.
public enum FuzzTargets {
    /// One decoder per model, by name, and its check against JSONDecoder (`tapeDisagreement`).
    public static let decoders:
        [(name: String, run: @Sendable (Data) -> Void, disagreement: @Sendable (Data) -> String?)] = [
            entry(Account.self), entry(Post.self), entry(MastodonStatus.self), entry(MastodonAdminReport.self),
            entry(PleromaReport.self), entry(PleromaReportPage.self), entry(MisskeyReport.self),
            entry(MastodonAdminAccount.self),
            entry(PleromaAdminUser.self), entry(PleromaUserPage.self), entry(MisskeyUser.self),
            entry(MisskeyAdminDetails.self),
            entry(MisskeyNote.self), entry(MisskeyMeta.self), entry(MisskeyRelationRecord.self),
            entry(Relationship.self),
            entry(RegisteredApplication.self), entry(AccessToken.self), entry(CredentialAccount.self),
            entry(AuthorizationServerMetadata.self), entry(AppCredentials.self),
            entry(RegistrationPolicy.Document.self),
            entry(SignupAnswer.Body.self), entry(MutedAccount.self), entry(UserDomainBlock.self),
            entry(PublicDomainBlock.self),
            entry(FilterKeyword.self), entry(FilterStatus.self), entry(Filter.self), entry(FilterV2.self),
            entry(FilterV1.self),
            entry(NodeInfoIndex.self), entry(NodeInfo.self), entry(EmailDomainBlock.self), entry(DomainAllow.self),
            entry(InstanceRule.self), entry(DomainBlock.self), entry(IPBlock.self), entry(CanonicalEmailBlock.self),
            entry(InstanceActivity.self), entry(InstancePeer.self), entry(InstancePeerCount.self),
            entry(InstanceInfo.self),
            entry(InstanceV2.self), entry(InstanceV1.self), entry(SearchResults.self), entry(FiledReport.self),
            entry(FiledReport.Mastodon.self), entry(ServerInfo.self), entry(LoginConfig.self),
        ]

    static func entry<Model: Decodable>(_ type: Model.Type) -> (
        name: String, run: @Sendable (Data) -> Void, disagreement: @Sendable (Data) -> String?
    ) {
        (
            String(describing: type),
            { data in
                let decoder = JSONCoding.decoder()
                _ = try? decoder.decode(Model.self, from: data)
                _ = try? decoder.decode([Model].self, from: data)
            }, { data in tapeDisagreement(Model.self, data) ?? tapeDisagreement([Model].self, data) }
        )
    }

    /// How `JSONTapeDecoder`'s own reading of `data` differs from JSONDecoder's (with fedictl's date
    /// strategy): nil when the tape gives up (JSONDecoder then reads the body) or both read the same
    /// value. A value the tape reads that JSONDecoder refuses, or reads differently, is a
    /// difference. Values are compared as `dump` writes them, so every stored property counts.
    static func tapeDisagreement<Model: Decodable>(_ type: Model.Type, _ data: Data) -> String? {
        guard let tape = JSONTapeDecoder.decodeFromTape(Model.self, from: data) else { return nil }
        let foundation = JSONCoding.foundationDecoder()
        guard let expected = try? foundation.decode(Model.self, from: data) else {
            return "\(Model.self): the tape reads a value JSONDecoder refuses"
        }
        var (read, wanted) = ("", "")
        dump(tape, to: &read)
        dump(expected, to: &wanted)
        return read == wanted ? nil : "\(Model.self): the tape reads\n\(read)JSONDecoder reads\n\(wanted)"
    }

    /// The JSON decoders, the untyped JSON reader (error bodies, Pleroma's config, Misskey's meta),
    /// HTML to text, dates, and the blocklist reader, all on `data`.
    public static func all(_ data: Data) {
        for decoder in decoders { decoder.run(data) }
        _ = try? JSONText.object(from: data)
        let text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        _ = HTMLText.plain(text)
        _ = FlexibleDate.parse(String(text.prefix(64)))
        _ = InertText.json(text)
        blocklist(data)
    }

    /// The blocklist reader, recognising the format and in each format.
    public static func blocklist(_ data: Data) {
        _ = try? BlocklistFile.parse(data, source: "fuzz")
        for format in BlocklistFormat.allCases { _ = try? BlocklistFile.parse(data, source: "fuzz", format: format) }
    }
}
