/*
 * fold.h — folding a readout's lines to a terminal's width.
 */
#ifndef FPX_FOLD_H
#define FPX_FOLD_H

#include "strbuf.h"

/* Where a readout's values start: continued lines are indented to it. */
#define VALUE_COLUMN 16

/* Folds every line of text longer than width columns (nothing when width is too small
 * to hold the value column and a few characters). */
void fold_to_width(struct strbuf *text, int width);

#endif
