#!/bin/bash

__fedictl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__fedictl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__fedictl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__fedictl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_fedictl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    local -a repeating_options=(--account)
    local -a non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    auth|instance|apps|signup|accounts|reports|queue|statuses|trends|triage|domain-blocks|domain-allows|domain-subscriptions|domain-drafts|domain-excludes|header-filters|email-blocks|ip-blocks|canonical-email-blocks|media|filters|blocks|mutes|user-domain-blocks|timelines|log|completion|help)
        # Offer subcommand argument completions
        "_fedictl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'auth instance apps signup accounts reports queue statuses trends triage domain-blocks domain-allows domain-subscriptions domain-drafts domain-excludes header-filters email-blocks ip-blocks canonical-email-blocks media filters blocks mutes user-domain-blocks timelines log completion help' -- "${cur}"))
        ;;
    esac
}

_fedictl_auth() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    login|add|list|use|status|logout|alias|group)
        # Offer subcommand argument completions
        "_fedictl_auth_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'login add list use status logout alias group' -- "${cur}"))
        ;;
    esac
}

_fedictl_auth_login() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --admin --no-browser --out-of-band --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --scopes --wait)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth login -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth login -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--scopes')
        return
        ;;
    '--wait')
        return
        ;;
    esac
}

_fedictl_auth_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --token-stdin --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --scopes)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--scopes')
        return
        ;;
    esac
}

_fedictl_auth_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_auth_use() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth use -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth use -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth use -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_auth_status() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth status -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth status -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth status -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_auth_logout() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth logout -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth logout -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth logout -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_auth_alias() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --remove --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth alias -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth alias -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth alias -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_auth_group() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    set|list|remove)
        # Offer subcommand argument completions
        "_fedictl_auth_group_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'set list remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_auth_group_set() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account --add --remove)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group set -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group set -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--add')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group set -- --add "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--remove')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group set -- --remove "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group set -- positional@1 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_auth_group_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_auth_group_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion auth group remove -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_instance() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    info|features|rules|peers|activity|blocks|nodeinfo|stats)
        # Offer subcommand argument completions
        "_fedictl_instance_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'info features rules peers activity blocks nodeinfo stats' -- "${cur}"))
        ;;
    esac
}

_fedictl_instance_info() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --refresh --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance info -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance info -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_features() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --refresh --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance features -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance features -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_rules() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|update|remove)
        # Offer subcommand argument completions
        "_fedictl_instance_rules_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add update remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_instance_rules_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_rules_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_rules_update() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules update -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules update -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules update -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_instance_rules_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance rules remove -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_instance_peers() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance peers -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance peers -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_activity() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --ascii --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance activity -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance activity -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_blocks() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance blocks -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance blocks -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_nodeinfo() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance nodeinfo -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance nodeinfo -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_instance_stats() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --since --until --top)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance stats -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion instance stats -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--top')
        return
        ;;
    esac
}

_fedictl_apps() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    register|verify)
        # Offer subcommand argument completions
        "_fedictl_apps_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'register verify' -- "${cur}"))
        ;;
    esac
}

_fedictl_apps_register() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --admin --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --scopes)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion apps register -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion apps register -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--scopes')
        return
        ;;
    esac
}

_fedictl_apps_verify() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion apps verify -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion apps verify -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_signup() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --agree --password-stdin --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --username --email --locale --date-of-birth)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion signup -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion signup -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--username')
        return
        ;;
    '--email')
        return
        ;;
    '--locale')
        return
        ;;
    '--date-of-birth')
        return
        ;;
    esac
}

_fedictl_accounts() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|approve|reject|action|enable|unsilence|unsuspend|unsensitive|delete)
        # Offer subcommand argument completions
        "_fedictl_accounts_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show approve reject action enable unsilence unsuspend unsensitive delete' -- "${cur}"))
        ;;
    esac
}

_fedictl_accounts_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --active --pending --disabled --silenced --suspended --sensitized --local --remote --staff --each-server --count --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --username --email --domain --match --match-field --since --until --ip -L --limit --group-by)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--username')
        return
        ;;
    '--email')
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--group-by')
        __fedictl_add_completions -W 'email-domain'$'\n''ip'$'\n''domain'$'\n''target'
        return
        ;;
    esac
}

_fedictl_accounts_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_accounts_approve() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --domain --match --match-field --since --until --ip -L --limit)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts approve -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts approve -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_accounts_reject() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --domain --match --match-field --since --until --ip -L --limit --message)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts reject -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts reject -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--message')
        return
        ;;
    esac
}

_fedictl_accounts_action() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --take-over --no-notify --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --domain --match --match-field --since --until --ip -L --limit --type --report --warning-preset --text)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts action -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts action -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--type')
        __fedictl_add_completions -W 'none'$'\n''sensitive'$'\n''disable'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--report')
        return
        ;;
    '--warning-preset')
        return
        ;;
    '--text')
        return
        ;;
    esac
}

_fedictl_accounts_enable() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts enable -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts enable -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_accounts_unsilence() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsilence -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsilence -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_accounts_unsuspend() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsuspend -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsuspend -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_accounts_unsensitive() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsensitive -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts unsensitive -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_accounts_delete() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts delete -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion accounts delete -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|assign|unassign|resolve|reopen|note|file)
        # Offer subcommand argument completions
        "_fedictl_reports_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show assign unassign resolve reopen note file' -- "${cur}"))
        ;;
    esac
}

_fedictl_reports_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --resolved --each-server --count --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --reporter --target --domain --match --match-field --since --until --ip -L --limit)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--reporter')
        return
        ;;
    '--target')
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_reports_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --reveal --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports_assign() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports assign -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports assign -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports_unassign() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports unassign -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports unassign -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports_resolve() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --take-over --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --target --domain --match --match-field --since --until --ip -L --limit --action --text --comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports resolve -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports resolve -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--target')
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--action')
        __fedictl_add_completions -W 'none'$'\n''sensitive'$'\n''disable'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--text')
        return
        ;;
    '--comment')
        return
        ;;
    esac
}

_fedictl_reports_reopen() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports reopen -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports reopen -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports_note() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports note -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports note -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_reports_file() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --forward --version -h --help)
    repeating_options=(--account --status --rule)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --category --comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports file -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports file -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--status')
        return
        ;;
    '--category')
        __fedictl_add_completions -W 'spam'$'\n''legal'$'\n''violation'$'\n''other'
        return
        ;;
    '--rule')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion reports file -- --rule "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--comment')
        return
        ;;
    esac
}

_fedictl_queue() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --exit-status --since-last --watch --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --kind --domain --match --match-field --since --until --ip --group-by --interval --exec --exec-timeout)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion queue -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion queue -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--kind')
        __fedictl_add_completions -W 'report'$'\n''sign-up'$'\n''trend'
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '--group-by')
        __fedictl_add_completions -W 'email-domain'$'\n''ip'$'\n''domain'$'\n''target'
        return
        ;;
    '--interval')
        return
        ;;
    '--exec')
        return
        ;;
    '--exec-timeout')
        return
        ;;
    esac
}

_fedictl_statuses() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|delete|sensitive|unsensitive|visibility)
        # Offer subcommand argument completions
        "_fedictl_statuses_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show delete sensitive unsensitive visibility' -- "${cur}"))
        ;;
    esac
}

_fedictl_statuses_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --reveal --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_statuses_delete() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses delete -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses delete -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_statuses_sensitive() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses sensitive -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses sensitive -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_statuses_unsensitive() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses unsensitive -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses unsensitive -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_statuses_visibility() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --to)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses visibility -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion statuses visibility -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--to')
        __fedictl_add_completions -W 'public'$'\n''unlisted'$'\n''private'$'\n''direct'
        return
        ;;
    esac
}

_fedictl_trends() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    links|statuses|tags)
        # Offer subcommand argument completions
        "_fedictl_trends_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'links statuses tags' -- "${cur}"))
        ;;
    esac
}

_fedictl_trends_links() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|approve|reject)
        # Offer subcommand argument completions
        "_fedictl_trends_links_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list approve reject' -- "${cur}"))
        ;;
    esac
}

_fedictl_trends_links_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --pending --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_trends_links_approve() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links approve -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links approve -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_trends_links_reject() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links reject -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends links reject -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_trends_statuses() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|approve|reject)
        # Offer subcommand argument completions
        "_fedictl_trends_statuses_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list approve reject' -- "${cur}"))
        ;;
    esac
}

_fedictl_trends_statuses_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --pending --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_trends_statuses_approve() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses approve -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses approve -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_trends_statuses_reject() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses reject -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends statuses reject -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_trends_tags() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|approve|reject)
        # Offer subcommand argument completions
        "_fedictl_trends_tags_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list approve reject' -- "${cur}"))
        ;;
    esac
}

_fedictl_trends_tags_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --pending --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_trends_tags_approve() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags approve -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags approve -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_trends_tags_reject() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags reject -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion trends tags reject -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_triage() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --each-server --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --kind --domain --match --match-field --since --until --ip --interval)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion triage -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion triage -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--kind')
        __fedictl_add_completions -W 'report'$'\n''sign-up'$'\n''trend'
        return
        ;;
    '--domain')
        return
        ;;
    '--match')
        return
        ;;
    '--match-field')
        __fedictl_add_completions -W 'username'$'\n''display-name'$'\n''email'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--ip')
        return
        ;;
    '--interval')
        return
        ;;
    esac
}

_fedictl_domain-blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|add|update|remove|import|export|merge|sync|apply|matrix|diff)
        # Offer subcommand argument completions
        "_fedictl_domain-blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show add update remove import export merge sync apply matrix diff' -- "${cur}"))
        ;;
    esac
}

_fedictl_domain-blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_domain-blocks_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --reject-media --no-reject-media --reject-reports --no-reject-reports --obfuscate --no-obfuscate --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --severity --public-comment --private-comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--public-comment')
        return
        ;;
    '--private-comment')
        return
        ;;
    esac
}

_fedictl_domain-blocks_update() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --reject-media --no-reject-media --reject-reports --no-reject-reports --obfuscate --no-obfuscate --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --severity --public-comment --private-comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks update -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks update -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--public-comment')
        return
        ;;
    '--private-comment')
        return
        ;;
    esac
}

_fedictl_domain-blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_import() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --prune --force --best-effort --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --format --severity)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks import -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks import -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--format')
        __fedictl_add_completions -W 'mastodon-csv'$'\n''csv'$'\n''json'$'\n''list'
        return
        ;;
    '--severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_export() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --format)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks export -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks export -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--format')
        __fedictl_add_completions -W 'mastodon-csv'$'\n''csv'$'\n''json'$'\n''list'
        return
        ;;
    esac
}

_fedictl_domain-blocks_merge() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account --allow --known --source-name)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --merge --threshold --max-severity --take --config)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks merge -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks merge -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--merge')
        __fedictl_add_completions -W 'max'$'\n''min'
        return
        ;;
    '--threshold')
        return
        ;;
    '--allow')
        return
        ;;
    '--max-severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--take')
        return
        ;;
    '--known')
        __fedictl_add_completions -f
        return
        ;;
    '--source-name')
        return
        ;;
    '--config')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks merge -- --config "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_sync() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --lift-retracted --adopt --force --as-draft --version -h --help)
    repeating_options=(--account --allow --known --source-name --exclude)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --merge --threshold --max-severity --take --config --max-followed-severity)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks sync -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks sync -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--merge')
        __fedictl_add_completions -W 'max'$'\n''min'
        return
        ;;
    '--threshold')
        return
        ;;
    '--allow')
        return
        ;;
    '--max-severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    '--take')
        return
        ;;
    '--known')
        __fedictl_add_completions -f
        return
        ;;
    '--source-name')
        return
        ;;
    '--config')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks sync -- --config "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--exclude')
        return
        ;;
    '--max-followed-severity')
        __fedictl_add_completions -W 'noop'$'\n''silence'$'\n''suspend'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_apply() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --force --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks apply -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks apply -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_matrix() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks matrix -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks matrix -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-blocks_diff() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks diff -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-blocks diff -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-allows() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_domain-allows_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_domain-allows_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_domain-allows_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--comment')
        return
        ;;
    esac
}

_fedictl_domain-allows_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-allows remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-subscriptions() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|add|update|remove|test|pull)
        # Offer subcommand argument completions
        "_fedictl_domain-subscriptions_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show add update remove test pull' -- "${cur}"))
        ;;
    esac
}

_fedictl_domain-subscriptions_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit --type)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--type')
        __fedictl_add_completions -W 'block'$'\n''allow'
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --as-draft --no-as-draft --adopt-orphans --no-adopt-orphans --remove-retracted --no-remove-retracted --fetch-password-stdin --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --type --priority --title --content-type --fetch-username)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--type')
        __fedictl_add_completions -W 'block'$'\n''allow'
        return
        ;;
    '--priority')
        return
        ;;
    '--title')
        return
        ;;
    '--content-type')
        __fedictl_add_completions -W 'csv'$'\n''json'$'\n''plain'
        return
        ;;
    '--fetch-username')
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_update() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --as-draft --no-as-draft --adopt-orphans --no-adopt-orphans --remove-retracted --no-remove-retracted --fetch-password-stdin --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --url --priority --title --content-type --fetch-username)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions update -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions update -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--url')
        return
        ;;
    '--priority')
        return
        ;;
    '--title')
        return
        ;;
    '--content-type')
        __fedictl_add_completions -W 'csv'$'\n''json'$'\n''plain'
        return
        ;;
    '--fetch-username')
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --keep-children --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_test() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions test -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions test -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-subscriptions_pull() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions pull -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-subscriptions pull -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-drafts() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|add|accept|reject)
        # Offer subcommand argument completions
        "_fedictl_domain-drafts_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show add accept reject' -- "${cur}"))
        ;;
    esac
}

_fedictl_domain-drafts_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit --type --subscription)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    '--type')
        __fedictl_add_completions -W 'block'$'\n''allow'
        return
        ;;
    '--subscription')
        return
        ;;
    esac
}

_fedictl_domain-drafts_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-drafts_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --obfuscate --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --type --public-comment --private-comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--type')
        __fedictl_add_completions -W 'block'$'\n''allow'
        return
        ;;
    '--public-comment')
        return
        ;;
    '--private-comment')
        return
        ;;
    esac
}

_fedictl_domain-drafts_accept() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --overwrite --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts accept -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts accept -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-drafts_reject() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --exclude --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts reject -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-drafts reject -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_domain-excludes() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_domain-excludes_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_domain-excludes_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_domain-excludes_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --private-comment)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--private-comment')
        return
        ;;
    esac
}

_fedictl_domain-excludes_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion domain-excludes remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_header-filters() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_header-filters_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_header-filters_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --allow --block --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_header-filters_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --allow --block --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_header-filters_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --allow --block --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion header-filters remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_email-blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_email-blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_email-blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_email-blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_email-blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion email-blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_ip-blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|update|remove)
        # Offer subcommand argument completions
        "_fedictl_ip-blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add update remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_ip-blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_ip-blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --severity --comment --expires-in)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--severity')
        return
        ;;
    '--comment')
        return
        ;;
    '--expires-in')
        return
        ;;
    esac
}

_fedictl_ip-blocks_update() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --ip --severity --comment --expires-in)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks update -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks update -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--ip')
        return
        ;;
    '--severity')
        return
        ;;
    '--comment')
        return
        ;;
    '--expires-in')
        return
        ;;
    esac
}

_fedictl_ip-blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion ip-blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_canonical-email-blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove|test)
        # Offer subcommand argument completions
        "_fedictl_canonical-email-blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove test' -- "${cur}"))
        ;;
    esac
}

_fedictl_canonical-email-blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_canonical-email-blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --hash)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--hash')
        return
        ;;
    esac
}

_fedictl_canonical-email-blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_canonical-email-blocks_test() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks test -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion canonical-email-blocks test -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_media() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    cleanup|refetch)
        # Offer subcommand argument completions
        "_fedictl_media_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'cleanup refetch' -- "${cur}"))
        ;;
    esac
}

_fedictl_media_cleanup() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --days)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion media cleanup -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion media cleanup -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_fedictl_media_refetch() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --domain)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion media refetch -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion media refetch -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--domain')
        return
        ;;
    esac
}

_fedictl_filters() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|create|update|delete|keywords|statuses)
        # Offer subcommand argument completions
        "_fedictl_filters_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show create update delete keywords statuses' -- "${cur}"))
        ;;
    esac
}

_fedictl_filters_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_create() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --whole-word --version -h --help)
    repeating_options=(--account --keyword --context)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --action --expires-in)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters create -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters create -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--keyword')
        return
        ;;
    '--context')
        __fedictl_add_completions -W 'home'$'\n''notifications'$'\n''public'$'\n''thread'$'\n''account'
        return
        ;;
    '--action')
        return
        ;;
    '--expires-in')
        return
        ;;
    esac
}

_fedictl_filters_update() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --never-expires --version -h --help)
    repeating_options=(--account --context)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --title --action --expires-in)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters update -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters update -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--title')
        return
        ;;
    '--context')
        __fedictl_add_completions -W 'home'$'\n''notifications'$'\n''public'$'\n''thread'$'\n''account'
        return
        ;;
    '--action')
        return
        ;;
    '--expires-in')
        return
        ;;
    esac
}

_fedictl_filters_delete() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters delete -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters delete -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_keywords() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|remove)
        # Offer subcommand argument completions
        "_fedictl_filters_keywords_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_filters_keywords_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --whole-word --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters keywords add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters keywords add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_keywords_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters keywords remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters keywords remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_statuses() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|remove)
        # Offer subcommand argument completions
        "_fedictl_filters_statuses_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_filters_statuses_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters statuses add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters statuses add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_filters_statuses_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters statuses remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion filters statuses remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_mutes() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_mutes_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_mutes_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_mutes_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --notifications --no-notifications --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --duration)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--duration')
        return
        ;;
    esac
}

_fedictl_mutes_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion mutes remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_user-domain-blocks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_fedictl_user-domain-blocks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_fedictl_user-domain-blocks_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --all --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_user-domain-blocks_add() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks add -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks add -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_user-domain-blocks_remove() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks remove -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion user-domain-blocks remove -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_timelines() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|pin|unpin|pins)
        # Offer subcommand argument completions
        "_fedictl_timelines_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show pin unpin pins' -- "${cur}"))
        ;;
    esac
}

_fedictl_timelines_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --media-only --reveal --since-last --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file -L --limit)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines show -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_timelines_pin() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --name)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines pin -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines pin -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    esac
}

_fedictl_timelines_unpin() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines unpin -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines unpin -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines unpin -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_timelines_pins() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines pins -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion timelines pins -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac
}

_fedictl_log() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|undo)
        # Offer subcommand argument completions
        "_fedictl_log_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show undo' -- "${cur}"))
        ;;
    esac
}

_fedictl_log_list() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --failed --remote --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --server --verb --target --since --until --run -L --limit)
    __fedictl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log list -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log list -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--server')
        return
        ;;
    '--verb')
        return
        ;;
    '--target')
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--run')
        return
        ;;
    '-L'|'--limit')
        return
        ;;
    esac
}

_fedictl_log_show() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file)
    __fedictl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log show -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log show -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log show -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_log_undo() {
    repeating_flags=()
    non_repeating_flags=(--all-accounts --fail-fast --per-account --no-headers --no-color --wide --verbose --dry-run --no-journal -y --yes --raw --insecure-http --insecure-storage --force --version -h --help)
    repeating_options=(--account)
    non_repeating_options=(--concurrency -o --output --fields --reason --timeout --deadline --max-response-size --max-pages --max-wait --cacert --token-file --run)
    __fedictl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--account')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log undo -- --account "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--concurrency')
        return
        ;;
    '-o'|'--output')
        __fedictl_add_completions -W 'table'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--fields')
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log undo -- --fields "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    '--reason')
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--max-response-size')
        return
        ;;
    '--max-pages')
        return
        ;;
    '--max-wait')
        return
        ;;
    '--cacert')
        __fedictl_add_completions -f
        return
        ;;
    '--token-file')
        __fedictl_add_completions -f
        return
        ;;
    '--run')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fedictl_add_completions -W "$(__fedictl_custom_complete ---completion log undo -- positional@0 "${COMP_CWORD}" "$(__fedictl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fedictl_completion() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __fedictl_add_completions -W 'bash'$'\n''zsh'$'\n''fish'
        return
        ;;
    esac
}

_fedictl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __fedictl_offer_flags_options -1
}

complete -o filenames -F _fedictl fedictl
