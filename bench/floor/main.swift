startLoadingLibcurl()
await Floor.parseAndRun()
