/*
 * mapfn.h — fpx map's operations that are no function of reals, called by name as the
 * whole expression: the extrema and clamp (IEEE P3109 §4.11; IEEE 754-2008's minNum
 * ...), the comparisons by name (§4.12, IEEE 754 §5.11's quiet and signaling ones,
 * TestFloat's eq ... lt_quiet), totalOrder and totalOrderMag (§4.12.1, IEEE 754 §5.10),
 * the predicates and class (§4.13, IEEE 754 §5.7.2), the next codes (§4.16), and IEEE
 * 754's roundToIntegral (§5.3.1), scaleB and logB (§5.3.3), by P3109's rules in its
 * formats and IEEE 754's in the others (extrema.h, predicates.h, integral.h). mapeval.c
 * and mapcmd.c call these where a call changes what they do.
 *
 * Results: an extremum or a clamp is the operand it picks, projected into the result's
 * format as every result of map is (rounded, saturated, with its flags); a next code is
 * a code of the operand's format, projected likewise (exactly, into that format); a
 * roundToIntegral, scaleB or logB is its exact value, projected likewise by -r. A
 * predicate, comparison or totalorder is 1 or 0 as a value of the result's format, as
 * map's comparisons are (TestFloat's lines: 1 or 0). class(x) is a name, written in a
 * column of its own, `class`, after the operands' fields, in place of the result's.
 * The flags of their own: roundToIntegralExact's inexact, logB(0)'s divbyzero, a
 * comparison's invalid (§5.11: for a signaling NaN, and for any NaN in the signaling
 * ones); a NaN they define (clamp's for lo > hi, minNum's for a signaling NaN) is no
 * invalid operation. The computational ones (extrema, clamp, next, roundToIntegral,
 * scaleB, logB) flag a signaling NaN operand invalid and carry a NaN operand's payload
 * as every operation of map does (IEEE 754 §6.2); the predicates, class and
 * totalorder are quiet. The comparisons by P3109's names (compareless(x, y) ...) are
 * map's x<y ... themselves.
 */
#ifndef FPX_MAPFN_H
#define FPX_MAPFN_H

#include <stdbool.h>

#include "mapping.h"

enum mapfn_parsed { MAPFN_NOT_A_CALL, MAPFN_PARSED, MAPFN_FAILED };

/*
 * Is text a call of one of these, NAME(ARGUMENTS) and nothing more? Then reads it into
 * m: m->fn, m->operand[] (variables or exact constants) and m->expr, which owns them
 * (joined by + for that alone); a comparison by name into m->expr, m->op and m->right.
 * MAPFN_FAILED after reporting what is wrong; with m NULL, only tells, silently.
 */
enum mapfn_parsed mapfn_parse(struct mapping *m, const char *text);
/* Once the formats and fields are known: can the operands' formats answer (an integer
 * has no class), and class's fields. False after reporting. */
bool mapfn_check(struct mapping *m);
/* The row's result (mapeval.c's map_evaluate() for a call). */
enum problem mapfn_evaluate(struct outcome *o, const struct mapping *m, const fpcode *codes, const struct num *values);
/* Do IEEE 754's rules about NaN operands apply (a computational operation)? */
bool mapfn_signals(const struct map_fn *fn);
/* Is the result 1 or 0? */
bool mapfn_is_boolean(const struct map_fn *fn);
/* class(x)'s cell after the operands': true with its name and text (the class of the
 * codes; with codes NULL, for the header, the name). False for any other expression. */
bool mapfn_cell(const char **name, const char **text, const struct mapping *m, const fpcode *codes);
/* The operations, for fpx map --help. */
void mapfn_print_help(void);

#endif
