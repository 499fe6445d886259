# e2m1-ops.awk — x*y (op="*") or x+y (op="+") for every pair of e2m1 codes, straight
# from the definition, for tests/cli.sh to hold fpx map against (no code shared with fpx).
# e2m1 (OCP FP4): codes 0-7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6, 8-15 their negatives; every
# result saturates (no inf, no NaN); rne with a virtual 8 past 6.
BEGIN {
	split("0 0.5 1 1.5 2 3 4 6 8", t, " ")
	for (c = 0; c <= 8; c++) v[c] = t[c + 1]
	for (a = 0; a < 16; a++)
		for (b = 0; b < 16; b++) {
			x = (a >= 8 ? -1 : 1) * v[a % 8]; y = (b >= 8 ? -1 : 1) * v[b % 8]
			if (op == "*") { r = x * y; neg = (a >= 8) != (b >= 8) }
			else { r = x + y; neg = r < 0 || (r == 0 && a >= 8 && b >= 8) }
			m = r < 0 ? -r : r
			lo = 0; for (c = 0; c <= 7; c++) if (v[c] <= m) lo = c
			if (m == v[lo]) c = lo
			else { mid = (v[lo] + v[lo + 1]) / 2
				c = m < mid ? lo : m > mid ? lo + 1 : (lo % 2 == 0 ? lo : lo + 1) }
			if (c == 8) c = 7
			printf "0x%x\t0x%x\t0x%x\n", a, b, c + 8 * neg
		}
}
