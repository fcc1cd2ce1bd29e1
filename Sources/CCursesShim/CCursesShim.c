#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#define NCURSES_NOMACROS 1
#include "CCursesShim.h"
#include <dlfcn.h>
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

/* The ncursesw functions used, typed from curses.h itself so a mismatch fails to compile. */
static struct {
    __typeof__(&initscr) initscr;
    __typeof__(&endwin) endwin;
    __typeof__(&isendwin) isendwin;
    __typeof__(&cbreak) cbreak;
    __typeof__(&noecho) noecho;
    __typeof__(&nonl) nonl;
    __typeof__(&keypad) keypad;
    __typeof__(&curs_set) curs_set;
    __typeof__(&getmaxy) getmaxy;
    __typeof__(&getmaxx) getmaxx;
    __typeof__(&wtimeout) wtimeout;
    __typeof__(&wget_wch) wget_wch;
    __typeof__(&werase) werase;
    __typeof__(&wrefresh) wrefresh;
    __typeof__(&wattr_on) wattr_on;
    __typeof__(&wattr_off) wattr_off;
    __typeof__(&mvwaddnwstr) mvwaddnwstr;
    __typeof__(&has_colors) has_colors;
    __typeof__(&start_color) start_color;
    __typeof__(&use_default_colors) use_default_colors;
    __typeof__(&init_pair) init_pair;
    __typeof__(&set_escdelay) set_escdelay;
    WINDOW **stdscr;
} fm;

static pthread_once_t fm_once = PTHREAD_ONCE_INIT;
static char fm_load_error[512];
static int fm_loaded;
static int fm_started;
static int fm_colors;

static void fm_load_once(void) {
    void *library = dlopen("libncursesw.so.6", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libncursesw.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(fm_load_error, sizeof fm_load_error, "%s", dlerror());
        return;
    }
#define FM_BIND(field, symbol)                                                                    \
    if ((fm.field = (__typeof__(fm.field))dlsym(library, #symbol)) == NULL) {                     \
        snprintf(fm_load_error, sizeof fm_load_error, "libncursesw has no %s (too old?)", #symbol); \
        return;                                                                                   \
    }
    FM_BIND(initscr, initscr)
    FM_BIND(endwin, endwin)
    FM_BIND(isendwin, isendwin)
    FM_BIND(cbreak, cbreak)
    FM_BIND(noecho, noecho)
    FM_BIND(nonl, nonl)
    FM_BIND(keypad, keypad)
    FM_BIND(curs_set, curs_set)
    FM_BIND(getmaxy, getmaxy)
    FM_BIND(getmaxx, getmaxx)
    FM_BIND(wtimeout, wtimeout)
    FM_BIND(wget_wch, wget_wch)
    FM_BIND(werase, werase)
    FM_BIND(wrefresh, wrefresh)
    FM_BIND(wattr_on, wattr_on)
    FM_BIND(wattr_off, wattr_off)
    FM_BIND(mvwaddnwstr, mvwaddnwstr)
    FM_BIND(has_colors, has_colors)
    FM_BIND(start_color, start_color)
    FM_BIND(use_default_colors, use_default_colors)
    FM_BIND(init_pair, init_pair)
    FM_BIND(set_escdelay, set_escdelay)
    /* The terminfo library's global (not a function in Debian's non-reentrant build). */
    if ((fm.stdscr = (WINDOW **)dlsym(library, "stdscr")) == NULL) {
        snprintf(fm_load_error, sizeof fm_load_error, "libncursesw has no stdscr");
        return;
    }
#undef FM_BIND
    fm_loaded = 1;
}

const char *fm_curses_load(void) {
    pthread_once(&fm_once, fm_load_once);
    return fm_loaded ? NULL : fm_load_error;
}

const char *fm_curses_start(int colors) {
    const char *error = fm_curses_load();
    if (error != NULL) return error;
    /* Wide characters need a UTF-8 locale; a plain C locale falls back to C.UTF-8. */
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL || strcmp(codeset, "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
    /* initscr exits the process on a terminal it cannot drive; the caller checked TERM first. */
    if (fm.initscr() == NULL) return "the terminal could not be set up";
    fm_started = 1;
    WINDOW *screen = *fm.stdscr;
    fm.cbreak();
    fm.noecho();
    fm.nonl();
    fm.keypad(screen, TRUE);
    fm.curs_set(0);
    fm.set_escdelay(25);
    fm_colors = 0;
    if (colors && fm.has_colors()) {
        fm.start_color();
        fm.use_default_colors();
        fm.init_pair(1, COLOR_RED, -1);
        fm.init_pair(2, COLOR_YELLOW, -1);
        fm.init_pair(3, COLOR_GREEN, -1);
        fm.init_pair(4, COLOR_CYAN, -1);
        fm_colors = 1;
    }
    return NULL;
}

void fm_curses_stop(void) {
    if (!fm_started) return;
    fm_started = 0;
    fm.curs_set(1);
    fm.endwin();
}

void fm_curses_size(int *rows, int *columns) {
    if (!fm_started) {
        *rows = 0;
        *columns = 0;
        return;
    }
    *rows = fm.getmaxy(*fm.stdscr);
    *columns = fm.getmaxx(*fm.stdscr);
}

int fm_curses_key(int timeout_ms, int wake_fd, uint32_t *character) {
    if (!fm_started) return FM_KEY_NONE;
    WINDOW *screen = *fm.stdscr;
    /* A key curses has read already (the rest of a paste) comes first, without waiting. */
    fm.wtimeout(screen, 0);
    wint_t key = 0;
    int kind = fm.wget_wch(screen, &key);
    if (kind == ERR) {
        /* Then the terminal or a frame to draw (a byte on wake_fd), whichever comes first. */
        struct pollfd ready[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
        if (poll(ready, wake_fd >= 0 ? 2 : 1, timeout_ms) <= 0) return FM_KEY_NONE;
        if (wake_fd >= 0 && (ready[1].revents & POLLIN)) {
            char drained[64];
            while (read(wake_fd, drained, sizeof drained) > 0) {
            }
        }
        if (!(ready[0].revents & (POLLIN | POLLHUP | POLLERR))) return FM_KEY_NONE;
        kind = fm.wget_wch(screen, &key);
        if (kind == ERR) return FM_KEY_NONE;
    }
    if (kind == OK) {
        if (key == '\r' || key == '\n') return FM_KEY_ENTER;
        if (key == 127 || key == 8) return FM_KEY_BACKSPACE;
        *character = (uint32_t)key;
        return FM_KEY_CHAR;
    }
    switch (key) {
    case KEY_UP: return FM_KEY_UP;
    case KEY_DOWN: return FM_KEY_DOWN;
    case KEY_PPAGE: return FM_KEY_PAGE_UP;
    case KEY_NPAGE: return FM_KEY_PAGE_DOWN;
    case KEY_HOME: return FM_KEY_HOME;
    case KEY_END: return FM_KEY_END;
    case KEY_BACKSPACE: return FM_KEY_BACKSPACE;
    case KEY_ENTER: return FM_KEY_ENTER;
    case KEY_RESIZE: return FM_KEY_RESIZE;
    default: return FM_KEY_OTHER;
    }
}

void fm_curses_erase(void) {
    if (fm_started) fm.werase(*fm.stdscr);
}

static attr_t fm_attributes(int style, short *pair) {
    attr_t attributes = 0;
    if (style & FM_STYLE_BOLD) attributes |= A_BOLD;
    if (style & FM_STYLE_REVERSE) attributes |= A_REVERSE;
    if (style & FM_STYLE_DIM) attributes |= A_DIM;
    if (style & FM_STYLE_UNDERLINE) attributes |= A_UNDERLINE;
    *pair = 0;
    if (fm_colors) {
        if (style & FM_STYLE_RED) *pair = 1;
        else if (style & FM_STYLE_YELLOW) *pair = 2;
        else if (style & FM_STYLE_GREEN) *pair = 3;
        else if (style & FM_STYLE_CYAN) *pair = 4;
    }
    return attributes;
}

int fm_curses_put(int row, int column, const uint32_t *text, int count, int style, int last_column) {
    if (!fm_started || count <= 0 || column >= last_column) return 0;
    WINDOW *screen = *fm.stdscr;
    int rows = fm.getmaxy(screen), columns = fm.getmaxx(screen);
    if (row < 0 || row >= rows || column < 0) return 0;
    if (last_column > columns) last_column = columns;
    /* What fits by the library's own widths; a character it cannot show (-1) is not sent. */
    wchar_t line[1024];
    int used = 0, width = column;
    for (int index = 0; index < count && used < 1023; index++) {
        wchar_t character = (wchar_t)text[index];
        int cells = wcwidth(character);
        if (cells < 0) continue;
        if (width + cells > last_column) break;
        line[used++] = character;
        width += cells;
    }
    line[used] = 0;
    short pair;
    attr_t attributes = fm_attributes(style, &pair);
    fm.wattr_on(screen, attributes | (pair ? NCURSES_BITS(pair, 0) : 0), NULL);
    fm.mvwaddnwstr(screen, row, column, line, used);
    fm.wattr_off(screen, attributes | (pair ? NCURSES_BITS(pair, 0) : 0), NULL);
    return width - column;
}

void fm_curses_refresh(void) {
    if (fm_started) fm.wrefresh(*fm.stdscr);
}
