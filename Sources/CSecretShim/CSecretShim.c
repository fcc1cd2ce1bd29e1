#include "CSecretShim.h"
#include <dlfcn.h>
#include <libsecret/secret.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The libsecret and GLib functions used, typed from their headers so a mismatch fails to compile. */
static struct {
    __typeof__(&secret_password_store_sync) store;
    __typeof__(&secret_password_lookup_sync) lookup;
    __typeof__(&secret_password_clear_sync) clear;
    __typeof__(&secret_password_free) free_password;
    __typeof__(&g_error_free) error_free;
    __typeof__(&g_quark_to_string) quark_to_string;
    __typeof__(&secret_service_get_sync) service_get;
    __typeof__(&secret_service_search_sync) search;
    __typeof__(&secret_attributes_build) attributes_build;
    __typeof__(&secret_item_get_locked) item_locked;
    __typeof__(&g_list_free_full) list_free_full;
    __typeof__(&g_object_unref) object_unref;
    __typeof__(&g_hash_table_unref) hash_table_unref;
} fm;

static pthread_once_t fm_once = PTHREAD_ONCE_INIT;
static char fm_load_error[512];
static int fm_loaded;

static void fm_load_once(void) {
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(fm_load_error, sizeof fm_load_error, "%s", dlerror());
        return;
    }
    /* GLib's symbols resolve through libsecret's own dependencies. */
#define FM_BIND(field, symbol)                                                                     \
    if ((fm.field = (__typeof__(fm.field))dlsym(library, #symbol)) == NULL) {                      \
        snprintf(fm_load_error, sizeof fm_load_error, "libsecret has no %s (too old?)", #symbol); \
        return;                                                                                    \
    }
    FM_BIND(store, secret_password_store_sync)
    FM_BIND(lookup, secret_password_lookup_sync)
    FM_BIND(clear, secret_password_clear_sync)
    FM_BIND(free_password, secret_password_free)
    FM_BIND(error_free, g_error_free)
    FM_BIND(quark_to_string, g_quark_to_string)
    FM_BIND(service_get, secret_service_get_sync)
    FM_BIND(search, secret_service_search_sync)
    FM_BIND(attributes_build, secret_attributes_build)
    FM_BIND(item_locked, secret_item_get_locked)
    FM_BIND(list_free_full, g_list_free_full)
    FM_BIND(object_unref, g_object_unref)
    FM_BIND(hash_table_unref, g_hash_table_unref)
#undef FM_BIND
    fm_loaded = 1;
}

const char *fm_secret_load(void) {
    pthread_once(&fm_once, fm_load_once);
    return fm_loaded ? NULL : fm_load_error;
}

/* Copies a GError into `out` and frees it. */
static void fm_take_error(GError *gerror, fm_secret_error *out) {
    if (gerror == NULL) return;
    const char *domain = fm.quark_to_string(gerror->domain);
    out->failed = 1;
    out->code = gerror->code;
    out->domain = strdup(domain != NULL ? domain : "");
    out->message = strdup(gerror->message != NULL ? gerror->message : "unknown error");
    fm.error_free(gerror);
}

int fm_secret_store(const char *account, const char *instance, const char *kind,
                    const char *label, const char *secret, fm_secret_error *error) {
    GError *gerror = NULL;
    gboolean stored = fm.store(&fm_schema, SECRET_COLLECTION_DEFAULT, label, secret, NULL, &gerror,
                               "service", FM_SERVICE, "account", account,
                               "instance", instance, "kind", kind, NULL);
    fm_take_error(gerror, error);
    return stored ? 1 : 0;
}

char *fm_secret_lookup(const char *account, const char *instance, const char *kind, fm_secret_error *error) {
    GError *gerror = NULL;
    char *secret = fm.lookup(&fm_schema, NULL, &gerror,
                             "service", FM_SERVICE, "account", account,
                             "instance", instance, "kind", kind, NULL);
    fm_take_error(gerror, error);
    return secret;
}

int fm_secret_clear(const char *account, const char *instance, const char *kind, fm_secret_error *error) {
    GError *gerror = NULL;
    gboolean removed = fm.clear(&fm_schema, NULL, &gerror,
                                "service", FM_SERVICE, "account", account,
                                "instance", instance, "kind", kind, NULL);
    fm_take_error(gerror, error);
    return removed ? 1 : 0;
}

int fm_secret_locked(const char *account, const char *instance, const char *kind, fm_secret_error *error) {
    GError *gerror = NULL;
    SecretService *service = fm.service_get(SECRET_SERVICE_NONE, NULL, &gerror);
    if (service == NULL) {
        fm_take_error(gerror, error);
        return -1;
    }
    GHashTable *attributes = fm.attributes_build(&fm_schema, "service", FM_SERVICE, "account", account,
                                                 "instance", instance, "kind", kind, NULL);
    /* SECRET_SEARCH_ALL without SECRET_SEARCH_UNLOCK: locked items too, and no unlock prompt. */
    GList *items = fm.search(service, &fm_schema, attributes, SECRET_SEARCH_ALL, NULL, &gerror);
    fm.hash_table_unref(attributes);
    fm.object_unref(service);
    if (gerror != NULL) {
        fm_take_error(gerror, error);
        return -1;
    }
    int locked = 0;
    for (GList *item = items; item != NULL; item = item->next) {
        if (fm.item_locked(item->data)) locked++;
    }
    fm.list_free_full(items, fm.object_unref);
    return locked;
}

void fm_secret_free(char *secret) {
    if (secret != NULL) fm.free_password(secret);
}

void fm_secret_error_clear(fm_secret_error *error) {
    free(error->domain);
    free(error->message);
    error->domain = NULL;
    error->message = NULL;
    error->failed = 0;
}
