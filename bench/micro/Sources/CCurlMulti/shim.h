// libcurl linked directly (not loaded with dlopen as fedictl does), for bench/micro's multi-interface
// transport. curl_easy_setopt and curl_multi_setopt are variadic, which Swift cannot call: typed here.
#include <curl/curl.h>

static inline CURLcode cm_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode cm_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode cm_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*cm_data_fn)(char *data, size_t size, size_t count, void *userdata);
static inline CURLcode cm_setopt_datafn(CURL *handle, CURLoption option, cm_data_fn value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode cm_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode cm_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
/// The result of a finished transfer (a member of CURLMsg's union).
static inline CURLcode cm_message_result(const CURLMsg *message) { return message->data.result; }
