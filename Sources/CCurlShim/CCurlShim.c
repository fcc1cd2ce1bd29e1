#include "CCurlShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The libcurl functions fedictl calls, typed from curl.h itself so a mismatch fails to compile. */
static struct {
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_reset) easy_reset;
    __typeof__(&curl_easy_perform) easy_perform;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
} fm;

static pthread_once_t fm_once = PTHREAD_ONCE_INIT;
static char fm_load_error[512];
static int fm_loaded;

static void fm_load_once(void) {
    /* The runtime library (Debian's libcurl4), then the development symlink. */
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(fm_load_error, sizeof fm_load_error, "%s", dlerror());
        return;
    }
#define FM_BIND(field, symbol)                                                                  \
    if ((fm.field = (__typeof__(fm.field))dlsym(library, #symbol)) == NULL) {                   \
        snprintf(fm_load_error, sizeof fm_load_error, "libcurl has no %s (too old?)", #symbol); \
        return;                                                                                 \
    }
    FM_BIND(global_init, curl_global_init)
    FM_BIND(easy_init, curl_easy_init)
    FM_BIND(easy_cleanup, curl_easy_cleanup)
    FM_BIND(easy_reset, curl_easy_reset)
    FM_BIND(easy_perform, curl_easy_perform)
    FM_BIND(easy_strerror, curl_easy_strerror)
    FM_BIND(easy_setopt, curl_easy_setopt)
    FM_BIND(easy_getinfo, curl_easy_getinfo)
    FM_BIND(slist_append, curl_slist_append)
    FM_BIND(slist_free_all, curl_slist_free_all)
#undef FM_BIND
    CURLcode code = fm.global_init(CURL_GLOBAL_ALL);
    if (code != CURLE_OK) {
        snprintf(fm_load_error, sizeof fm_load_error, "curl_global_init failed: %s", fm.easy_strerror(code));
        return;
    }
    fm_loaded = 1;
}

const char *fm_curl_load(void) {
    pthread_once(&fm_once, fm_load_once);
    return fm_loaded ? NULL : fm_load_error;
}

CURL *fm_curl_easy_init(void) { return fm.easy_init(); }
void fm_curl_easy_cleanup(CURL *h) { fm.easy_cleanup(h); }
void fm_curl_easy_reset(CURL *h) { fm.easy_reset(h); }
CURLcode fm_curl_easy_perform(CURL *h) { return fm.easy_perform(h); }
const char *fm_curl_easy_strerror(CURLcode code) { return fm.easy_strerror(code); }
struct curl_slist *fm_curl_slist_append(struct curl_slist *l, const char *v) { return fm.slist_append(l, v); }
void fm_curl_slist_free_all(struct curl_slist *l) { fm.slist_free_all(l); }

CURLcode fm_curl_setopt_long(CURL *h, CURLoption o, long v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_datafn(CURL *h, CURLoption o, fm_curl_data_fn v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_xferinfofn(CURL *h, CURLoption o, fm_curl_xferinfo_fn v) { return fm.easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_off(CURL *h, CURLoption o, long long v) { return fm.easy_setopt(h, o, (curl_off_t)v); }
CURLcode fm_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return fm.easy_getinfo(h, i, v); }
CURLcode fm_curl_getinfo_string(CURL *h, CURLINFO i, const char **v) { return fm.easy_getinfo(h, i, v); }
