#ifndef FEDICTL_CCURSESSHIM_H
#define FEDICTL_CCURSESSHIM_H

#include <stdint.h>

/* The few ncursesw calls `fedictl triage` needs, behind plain C types. libncursesw is not linked:
   it is loaded with dlopen when a screen starts, so no other command pays for mapping it. All
   calls must come from one thread (curses is not thread-safe). */

/* Loads libncursesw.so.6 once; thread-safe. Returns NULL when ready, else why not. */
const char *fm_curses_load(void);

/* Takes the terminal: the locale's wide characters, the alternate screen (terminfo's smcup),
   cbreak, no echo, the keypad's keys, no cursor; colours when `colors` and the terminal has them.
   Returns NULL, or why the terminal could not be set up. */
const char *fm_curses_start(int colors);

/* Gives the terminal back as it was (rmcup, the cursor, cooked mode). Safe to call twice. */
void fm_curses_stop(void);

void fm_curses_size(int *rows, int *columns);

/* Keys as fedictl names them, so Swift needs none of curses.h's macros. */
enum {
    FM_KEY_NONE = 0,
    FM_KEY_CHAR = 1,
    FM_KEY_UP,
    FM_KEY_DOWN,
    FM_KEY_PAGE_UP,
    FM_KEY_PAGE_DOWN,
    FM_KEY_HOME,
    FM_KEY_END,
    FM_KEY_BACKSPACE,
    FM_KEY_ENTER,
    FM_KEY_RESIZE,
    FM_KEY_OTHER,
};

/* Waits up to `timeout_ms` for a key, or less when a byte arrives on `wake_fd` (a non-blocking
   pipe's read end, drained here; -1 for none): a frame to draw then need not wait out the timeout.
   Returns FM_KEY_NONE when no key came, FM_KEY_CHAR with the character in `*character`, or one of
   the other FM_KEY_ values. */
int fm_curses_key(int timeout_ms, int wake_fd, uint32_t *character);

/* Styles for fm_curses_put: combined with |. */
enum {
    FM_STYLE_BOLD = 1,
    FM_STYLE_REVERSE = 2,
    FM_STYLE_DIM = 4,
    FM_STYLE_UNDERLINE = 8,
    FM_STYLE_RED = 16,
    FM_STYLE_YELLOW = 32,
    FM_STYLE_GREEN = 64,
    FM_STYLE_CYAN = 128,
};

void fm_curses_erase(void);

/* Writes `count` characters at (row, column), cut at `last_column` (exclusive) by the width the
   library gives each character, so nothing ever wraps onto the next row. Returns the columns used. */
int fm_curses_put(int row, int column, const uint32_t *text, int count, int style, int last_column);

void fm_curses_refresh(void);

#endif
