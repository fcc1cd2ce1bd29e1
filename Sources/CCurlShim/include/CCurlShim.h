#ifndef FM_CURL_SHIM_H
#define FM_CURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: typed wrappers. */
typedef size_t (*fm_curl_data_fn)(char *data, size_t size, size_t nmemb, void *userdata);

CURLcode fm_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode fm_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode fm_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode fm_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode fm_curl_setopt_datafn(CURL *handle, CURLoption option, fm_curl_data_fn value);
CURLcode fm_curl_setopt_off(CURL *handle, CURLoption option, long long value);
CURLcode fm_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode fm_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

#endif
