#include "CSecretShim.h"

#define FM_SERVICE "fedictl"

// SECRET_SCHEMA_NONE: the schema name is stored as xdg:schema and matched on lookup, and the
// four string attributes below are what `secret-tool search service fedictl ...` sees.
static const SecretSchema fm_schema = {
    "org.fedictl.Secret",
    SECRET_SCHEMA_NONE,
    {
        { "service", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { "account", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { "instance", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { NULL, 0 },
    },
};

const SecretSchema *fm_secret_schema(void) {
    return &fm_schema;
}

gboolean fm_secret_store(const char *account, const char *instance, const char *kind,
                         const char *label, const char *secret, GError **error) {
    return secret_password_store_sync(&fm_schema, SECRET_COLLECTION_DEFAULT, label, secret, NULL, error,
                                      "service", FM_SERVICE, "account", account,
                                      "instance", instance, "kind", kind, NULL);
}

char *fm_secret_lookup(const char *account, const char *instance, const char *kind, GError **error) {
    return secret_password_lookup_sync(&fm_schema, NULL, error,
                                       "service", FM_SERVICE, "account", account,
                                       "instance", instance, "kind", kind, NULL);
}

gboolean fm_secret_clear(const char *account, const char *instance, const char *kind, GError **error) {
    return secret_password_clear_sync(&fm_schema, NULL, error,
                                      "service", FM_SERVICE, "account", account,
                                      "instance", instance, "kind", kind, NULL);
}

void fm_secret_free(char *secret) {
    if (secret != NULL) {
        secret_password_free(secret);
    }
}
