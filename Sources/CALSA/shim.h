// The slice of libasound (ALSA) that DocketAudio's live capture uses, plus helpers Swift
// cannot express. Only DocketAudio imports this module.
#ifndef DOCKET_CALSA_SHIM_H
#define DOCKET_CALSA_SHIM_H

#include <alsa/asoundlib.h>

// `snd_lib_error_handler_t` is a variadic C function pointer, which Swift imports as an
// OpaquePointer and cannot implement, so the do-nothing handler lives here.
static void docket_calsa_ignore_error(const char *file, int line, const char *function,
                                      int err, const char *fmt, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    (void)fmt;
}

// Stops libasound printing its own diagnostics to stderr (silent != 0) or restores the default
// printer (silent == 0). Docket reports every failure through its own error type instead.
static inline int docket_calsa_silence_errors(int silent) {
    return snd_lib_error_set_handler(silent ? docket_calsa_ignore_error : NULL);
}

#endif
