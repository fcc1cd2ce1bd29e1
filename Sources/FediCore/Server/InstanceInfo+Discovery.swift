import FoundationEssentials

extension InstanceInfo {
    /// A description for servers without a Mastodon instance API: from Misskey's meta, else from nodeinfo.
    public init(domain: String, meta: MisskeyMeta?, nodeinfo: NodeInfo?) {
        self.init(
            domain: domain, title: meta?.name ?? nodeinfo?.nodeName,
            version: meta?.version ?? nodeinfo?.softwareVersion,
            sourceURL: nil, description: meta?.description, activeUsers: nil, userCount: nil, statusCount: nil,
            registrations: nil, contactEmail: meta?.maintainerEmail, contactAccount: nil,
            languages: meta?.languages ?? [],
            rulesCount: meta?.serverRules?.count, maxCharacters: nil, maxMediaAttachments: nil, maxPollOptions: nil,
            apiVersion: nil, apiSource: meta != nil ? "meta" : "nodeinfo")
    }

    /// Adds what detection knows: the software, flavour and variant; and, where the instance API
    /// did not say, registrations and limits from Misskey's meta and usage from nodeinfo.
    public mutating func complete(with server: ServerInfo, meta: MisskeyMeta?, nodeinfo: NodeInfo?) {
        software = server.softwareName.isEmpty ? nil : server.softwareName
        softwareVersion = server.version
        softwareLabel = server.label.isEmpty ? nil : server.label
        flavour = server.flavour.rawValue
        variant = server.variant
        if apiVersion == nil { apiVersion = server.mastodonAPIVersion }
        if let meta {
            // Misskey's own switches are authoritative for its family; the Mastodon layer guesses.
            if let disabled = meta.disableRegistration {
                registrations =
                    disabled ? .closed : (meta.approvalRequiredForSignup == true ? .approvalRequired : .open)
            }
            if let length = meta.maxNoteTextLength { maxCharacters = length }
            if rulesCount == nil { rulesCount = meta.serverRules?.count }
        }
        if let nodeinfo {
            if registrations == nil, let open = nodeinfo.openRegistrations { registrations = open ? .open : .closed }
            if userCount == nil { userCount = nodeinfo.userCount }
            if activeUsers == nil { activeUsers = nodeinfo.activeMonth }
            if statusCount == nil { statusCount = nodeinfo.localPosts }
            if title == nil { title = nodeinfo.nodeName }
        }
    }
}
