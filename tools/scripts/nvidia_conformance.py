#!/usr/bin/env python3
"""Measure how much of NVIDIA's cuda_tile dialect test suite tilec reads.

Reads test/Dialect/CudaTile/*.mlir from the NVIDIA/cuda-tile mirror (bare git
dir, HEAD), splits every file into cases the way `-split-input-file` does
(`// -----`), and runs tilec's `tile-opt` over each case:

  positive case (no expected-error):  exit 0 = parses+verifies; then the
      printed module is re-parsed and printed again; identical output =
      round-trips (printer fixpoint).
  negative case (has `expected-error`, or the file's RUN line is
      `not cuda-tile-opt ...`): exit != 0 = rejected.
  warning-only case (expected-warning/-remark but no expected-error):
      NVIDIA's cuda-tile-opt accepts these (exit 0, diagnostics are only
      warnings), so they are reported in their own column as "accepted"
      (exit 0) and are not counted as positives or negatives.

Extra columns/lines: "@exp.line" = the negative case was rejected with an
error on a line an `expected-error` annotation points at (stricter than
"rejected": most rejections come from constructs tilec lacks, e.g. the
`testing$func` op, see GAP_RE); with --salvage, each failing positive case is
retried with the function holding the error blanked out, giving
"pos functions ok" and the errors of every dropped function.

Any exit code other than 0/1, a Rust panic message, or a timeout is a crash;
the case text is saved under --crash-dir (default /tmp/nvidia-crashes).

Python 3 stdlib only. Usage:
  tools/scripts/nvidia_conformance.py [--tile-opt PATH] [--mirror DIR]
      [--failures N] [--categories] [--salvage] [--jobs N] [--keep]
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

DEFAULT_MIRROR = "/work/.mirror/NVIDIA+cuda-tile/repo"
DEFAULT_TILE_OPT = "/work/main/target/debug/tile-opt"
TEST_DIR = "test/Dialect/CudaTile/"
SPLIT_RE = re.compile(r"^\s*// -----")
TIMEOUT_S = 10
# first-error messages that mean "tilec lacks this construct" rather than
# "tilec found the case invalid" (heuristic; used for the negative cases)
GAP_RE = re.compile(r"unknown cuda_tile op|does not support|not supported|takes no modifiers|"
                    r"found '#|must have the form 'dialect\.op'")


def git(mirror, *args):
    return subprocess.run(["git", "-C", mirror, *args], check=True,
                          capture_output=True).stdout.decode("utf-8", "replace")


def run_lines(text):
    return [l.split("RUN:", 1)[1].strip() for l in text.splitlines()
            if "RUN:" in l and l.lstrip().startswith("//")]


def split_cases(text, split):
    """Return [(first_line_no (1-based), case_text)]."""
    lines = text.splitlines(keepends=True)
    if not split:
        return [(1, text)]
    cases, cur, start = [], [], 1
    for i, l in enumerate(lines, 1):
        if SPLIT_RE.match(l):
            cases.append((start, "".join(cur)))
            cur, start = [], i + 1
        else:
            cur.append(l)
    cases.append((start, "".join(cur)))
    return cases


def is_blank(case):
    for l in case.splitlines():
        s = l.strip()
        if s and not s.startswith("//"):
            return False
    return True


def classify(case, file_negative):
    if "expected-error" in case or file_negative:
        return "neg"
    if "expected-warning" in case or "expected-remark" in case:
        return "warn"
    return "pos"


EXPECT_RE = re.compile(r"expected-error\s*(?:@(below|above|[-+]?\d+))?\s*\{\{")


def expected_lines(text, first_line):
    """Absolute (1-based) lines that the expected-error annotations point at."""
    lines, out = text.splitlines(), set()
    for i, l in enumerate(lines):
        m = EXPECT_RE.search(l)
        if not m:
            continue
        d = m.group(1)
        if d == "below":
            j = i + 1
            while j < len(lines) and "expected-" in lines[j]:
                j += 1
        elif d == "above":
            j = i - 1
            while j >= 0 and "expected-" in lines[j]:
                j -= 1
        elif d and d[0] in "+-":
            j = i + int(d)
        elif d:
            out.add(int(d))
            continue
        else:
            j = i
        out.add(j + first_line)
    return out


def run_tool(tile_opt, path, shown=None, flags=()):
    """Return (rc, stdout, stderr, crashed, why); `path` is shown as `shown` in stderr."""
    try:
        p = subprocess.run([tile_opt, path, *flags], capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return (None, "", "", True, "timeout after %ds" % TIMEOUT_S)
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    if shown:
        err = err.replace(path, shown)
    why = None
    if "panicked" in err:
        m = re.search(r"^.*panicked.*$(\n.*)?", err, re.M)
        why = "panic: " + (m.group(0).replace("\n", " | ") if m else "?")
    elif p.returncode not in (0, 1):
        why = "exit code %d" % p.returncode
    return (p.returncode, out, err, why is not None, why)


def first_error(err):
    lines = [l for l in err.splitlines() if l.strip()]
    for pat in (": error:", "error"):
        for l in lines:
            if pat in l:
                return l.strip()
    return lines[0].strip() if lines else "(no stderr)"


QUOTED_RE = re.compile(r"(?<![A-Za-z])'([^']*)'")


def normalize(msg):
    """-> (category, [quoted words]); quoted words (op names, tokens) become 'X'."""
    m = re.sub(r"^\S*?:\d+:\d+:\s*", "", msg)
    words = QUOTED_RE.findall(m)
    return normalize_text(QUOTED_RE.sub("'X'", m)), words


def normalize_text(msg):
    m = msg
    m = re.sub(r"^\S*?:\d+:\d+:\s*", "", m)            # file:line:col:
    m = re.sub(r"^\s*error:\s*", "", m)
    m = re.sub(r"`[^`]*`", "`..`", m)
    m = re.sub(r"loc\([^)]*\)", "loc(..)", m)
    m = re.sub(r"%[\w$.\-#]+", "%N", m)                 # %names
    m = re.sub(r"\^[\w$.\-]+", "^BB", m)                # block names
    m = re.sub(r"(?<![\w])[-+]?\d+(\.\d+)?([eE][-+]?\d+)?", "#", m)  # numbers
    m = re.sub(r"(?<=[a-zA-Z])\d+", "#", m)             # i32 / f16 / sm_100 ...
    return m.strip()


class Case:
    __slots__ = ("file", "index", "line", "text", "kind", "rc", "err", "ok",
                 "rt", "rt_err", "crash", "path", "fn_total", "fn_dropped", "salvaged",
                 "salvage_err", "exp_lines", "at_line", "flags")


def process(case, tile_opt, work, crash_dir, salvage):
    base = os.path.basename(case.file)[:-5]
    path = os.path.join(work, "%s.%03d.mlir" % (base, case.index))
    # pad with blank lines so tile-opt's line numbers match the original file
    with open(path, "w") as f:
        f.write("\n" * (case.line - 1) + case.text)
    case.path = path
    shown = case.file[len(TEST_DIR):]
    rc, out, err, crashed, why = run_tool(tile_opt, path, shown, case.flags)
    case.rc, case.err, case.crash = rc, err, []
    if crashed:
        case.crash.append(save_crash(crash_dir, path, why, err))
    case.ok = (rc == 0)
    case.exp_lines = expected_lines(case.text, case.line) if case.kind == "neg" else set()
    got = {int(x) for x in re.findall(r"^%s:(\d+):\d+: error" % re.escape(shown), err, re.M)}
    case.at_line = bool(case.exp_lines & got)
    case.rt, case.rt_err = False, None
    if case.kind != "neg" and rc == 0 and not crashed:
        a = path + ".a.mlir"
        with open(a, "w") as f:
            f.write(out)
        rc2, out2, err2, crashed2, why2 = run_tool(tile_opt, a, "%s[case %d, printed]" % (shown, case.index))
        if crashed2:
            case.crash.append(save_crash(crash_dir, a, "on re-parse: " + why2, err2))
        if rc2 != 0:
            case.rt_err = "re-parse failed: " + first_error(err2)
        elif out2 != out:
            case.rt_err = "printer not a fixpoint (2nd print differs)"
        else:
            case.rt = True
    case.fn_total, case.fn_dropped, case.salvaged = len(function_spans(case.text)), [], False
    if case.kind == "pos" and rc != 0 and not crashed and salvage:
        salvage_case(case, tile_opt, path, shown, crash_dir)
    return case


FUNC_RE = re.compile(r'^\s*(?:cuda_tile\.)?(?:entry|testing\$func)\s+@|^\s*"cuda_tile\.(?:entry|testing\$func)"')
OP_LINE_RE = re.compile(r'^\s*(?:%[\w$.\-#:]+(?:\s*,\s*%[\w$.\-#:]+)*\s*=\s*)?"?[A-Za-z_][\w.$]*"?[\s(<@%]')


def braces(line):
    """Net {[( depth change of one line, ignoring strings and // comments."""
    d, i, n = 0, 0, len(line)
    while i < n:
        ch = line[i]
        if ch == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif line.startswith("//", i):
            break
        elif ch in "{[(":
            d += 1
        elif ch in "}])":
            d -= 1
        i += 1
    return d


def function_spans(text):
    """[(first, last)] 0-based line ranges of the function ops of a case."""
    lines, spans, i = text.splitlines(), [], 0
    while i < len(lines):
        if FUNC_RE.match(lines[i]):
            depth, j, opened = 0, i, False
            while j < len(lines):
                b = braces(lines[j])
                depth += b
                opened = opened or "{" in lines[j].split("//")[0]
                if opened and depth <= 0:
                    break
                j += 1
            spans.append((i, min(j, len(lines) - 1)))
            i = j + 1
        else:
            i += 1
    return spans


ERR_LINE_RE = re.compile(r":(\d+):\d+: error")


def salvage_case(case, tile_opt, path, shown, crash_dir, max_iter=400):
    """Drop the function (or single-line module-level op) holding each error
    and re-run, until the rest parses+verifies; records every dropped error.
    Line numbers are preserved by blanking instead of deleting lines."""
    pad = case.line - 1
    lines = case.text.splitlines()
    spans = function_spans(case.text)
    seen = set()
    case.salvaged = False
    for _ in range(max_iter):
        rc, out, err, crashed, why = run_tool(tile_opt, path + ".s.mlir", shown) if _ else \
            (case.rc, None, case.err, False, None)
        if crashed:
            case.crash.append(save_crash(crash_dir, path + ".s.mlir", "while salvaging: " + why, err))
            return
        if rc == 0:
            case.salvaged = True
            return
        fe = first_error(err)
        case.salvage_err = fe
        m = ERR_LINE_RE.search(fe)
        if not m:
            return
        ln = int(m.group(1)) - 1 - pad
        if ln in seen or not (0 <= ln < len(lines)):
            return
        seen.add(ln)
        span = next(((a, b) for a, b in spans if a <= ln <= b), None)
        if span is None:
            if OP_LINE_RE.match(lines[ln]) and braces(lines[ln]) == 0:
                span = (ln, ln)  # e.g. a module-level `global @g ...`
            else:
                return           # module-level / alias error: give up
        else:
            case.fn_dropped.append((span[0] + 1 + pad, fe))
        for k in range(span[0], span[1] + 1):
            lines[k] = ""
        with open(path + ".s.mlir", "w") as f:
            f.write("\n" * pad + "\n".join(lines) + "\n")


def words_note(counter, limit=8):
    """' [a x3, b, ...]' listing the quoted words of a category, if they vary."""
    if len(counter) <= 1:
        return ""
    items = ["%s x%d" % (w, n) if n > 1 else w for w, n in counter.most_common(limit)]
    more = ", +%d more" % (len(counter) - limit) if len(counter) > limit else ""
    return "  [" + ", ".join(items) + more + "]"


def save_crash(crash_dir, path, why, err):
    os.makedirs(crash_dir, exist_ok=True)
    dst = os.path.join(crash_dir, os.path.basename(path))
    shutil.copyfile(path, dst)
    with open(dst + ".stderr", "w") as f:
        f.write(err)
    return (dst, why)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tile-opt", default=DEFAULT_TILE_OPT)
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--failures", type=int, default=0, metavar="N",
                    help="print up to N failing positive cases")
    ap.add_argument("--categories", action="store_true",
                    help="group failing positive cases by normalized first error")
    ap.add_argument("--salvage", action="store_true",
                    help="for failing positive cases, drop the function holding each error and "
                         "retry: reports functions ok/total and per-function error categories")
    ap.add_argument("--crash-dir", default="/tmp/nvidia-crashes")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", action="store_true", help="keep the temp dir of cases")
    ap.add_argument("--pedantic", action="store_true",
                    help="run tile-opt with --passes verify-nvidia: tilec's extensions of "
                         "cuda_tile are errors, as in NVIDIA's verifier (tilec --pedantic)")
    args = ap.parse_args()

    if not os.access(args.tile_opt, os.X_OK):
        sys.exit("tile-opt not found/executable: %s" % args.tile_opt)
    commit = git(args.mirror, "rev-parse", args.rev).strip()
    print("NVIDIA/cuda-tile commit: %s" % commit)
    print("tile-opt: %s" % args.tile_opt)
    files = sorted(f for f in git(args.mirror, "ls-tree", "-r", "--name-only", commit,
                                  "--", TEST_DIR).splitlines()
                   if f.endswith(".mlir") and "/" not in f[len(TEST_DIR):])

    work = tempfile.mkdtemp(prefix="nvidia-conf-")
    if os.path.isdir(args.crash_dir):
        for n in os.listdir(args.crash_dir):
            os.remove(os.path.join(args.crash_dir, n))
    cases = []
    for f in files:
        text = git(args.mirror, "show", "%s:%s" % (commit, f))
        runs = run_lines(text)
        split = any("split-input-file" in r for r in runs)
        file_negative = any(re.match(r"not\s", r) for r in runs)
        for idx, (line, ctext) in enumerate(split_cases(text, split)):
            if is_blank(ctext):
                continue
            c = Case()
            c.file, c.index, c.line, c.text = f, idx, line, ctext
            c.kind = classify(ctext, file_negative)
            # NVIDIA's -Werr-hints makes its hint warnings errors: tile-opt's --Werror.
            c.flags = ["--Werror"] if any("-Werr-hints" in r for r in runs) else []
            if args.pedantic:
                c.flags += ["--passes", "verify-nvidia"]
            cases.append(c)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(lambda c: process(c, args.tile_opt, work, args.crash_dir, args.salvage), cases))

    # ---- per-file table
    per = collections.OrderedDict((f, collections.Counter()) for f in files)
    for c in cases:
        k = per[c.file]
        k[c.kind + "_n"] += 1
        if c.kind == "pos":
            k["pos_ok"] += c.ok
            k["rt_ok"] += c.rt
            k["fn_n"] += c.fn_total
            k["fn_ok"] += (c.fn_total - len(c.fn_dropped)) if (c.ok or c.salvaged) else 0
        elif c.kind == "neg":
            k["neg_ok"] += (c.rc != 0)  # timeouts/crashes count as "rejected" too
            k["neg_ann"] += bool(c.exp_lines)
            k["neg_gap"] += (c.rc != 0 and bool(GAP_RE.search(first_error(c.err))))
            k["neg_at"] += c.at_line
        else:
            k["warn_ok"] += c.ok
            k["warn_rt"] += c.rt

    def frac(a, b):
        return "%d/%d" % (a, b) if b else "-"

    hdr = ("file", "pos ok", "round-trip", "neg rejected", "@exp.line", "warn-only ok")
    if args.salvage:
        hdr += ("pos functions ok",)
    rows = []
    tot = collections.Counter()

    def row(name, k):
        r = (name, frac(k["pos_ok"], k["pos_n"]), frac(k["rt_ok"], k["pos_n"]),
             frac(k["neg_ok"], k["neg_n"]), frac(k["neg_at"], k["neg_ann"]),
             frac(k["warn_ok"], k["warn_n"]))
        return r + ((frac(k["fn_ok"], k["fn_n"]),) if args.salvage else ())
    for f, k in per.items():
        tot.update(k)
        rows.append(row(f[len(TEST_DIR):], k))
    rows.append(row("TOTAL", tot))
    w = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
    fmt = "  ".join(("%%-%ds" if i == 0 else "%%%ds") % w[i] for i in range(len(hdr)))
    print()
    print(fmt % hdr)
    for r in rows:
        if r[0] == "TOTAL":
            print("-" * (sum(w) + 2 * (len(w) - 1)))
        print(fmt % r)

    def where(c):
        return "%s:case %d (line %d)" % (c.file[len(TEST_DIR):], c.index, c.line)

    def pct(a, b):
        return "%.1f%%" % (100.0 * a / b) if b else "-"
    print()
    print("positive cases parse+verify: %d/%d (%s)" % (tot["pos_ok"], tot["pos_n"],
                                                        pct(tot["pos_ok"], tot["pos_n"])))
    print("positive cases round-trip:   %d/%d (%s)" % (tot["rt_ok"], tot["pos_n"],
                                                        pct(tot["rt_ok"], tot["pos_n"])))
    print("negative cases rejected:     %d/%d (%s)" % (tot["neg_ok"], tot["neg_n"],
                                                        pct(tot["neg_ok"], tot["neg_n"])))
    print("  of which the first error is an unsupported construct (GAP_RE): %d -> "
          "rejected for another reason: %d/%d (%s)" % (
              tot["neg_gap"], tot["neg_ok"] - tot["neg_gap"], tot["neg_n"],
              pct(tot["neg_ok"] - tot["neg_gap"], tot["neg_n"])))
    print("negatives rejected with an error on an expected-error line: %d/%d (%s)" % (
        tot["neg_at"], tot["neg_ann"], pct(tot["neg_at"], tot["neg_ann"])))
    print("warning-only cases accepted: %d/%d (round-trip %d)" % (
        tot["warn_ok"], tot["warn_n"], tot["warn_rt"]))
    if args.salvage:
        print("functions in positive cases that parse+verify once the failing ones are "
              "dropped: %d/%d (%s)" % (tot["fn_ok"], tot["fn_n"], pct(tot["fn_ok"], tot["fn_n"])))
        for c in cases:
            if c.kind == "pos" and not c.ok and not c.salvaged:
                print("  salvage stopped (error outside a function) in %s: %s"
                      % (where(c), c.salvage_err))

    pos_fail = [c for c in cases if c.kind == "pos" and not c.ok]
    rt_fail = [c for c in cases if c.kind == "pos" and c.ok and not c.rt]
    neg_fail = [c for c in cases if c.kind == "neg" and c.rc == 0]

    if args.failures:
        print()
        print("failing positive cases (first %d of %d; + %d round-trip failures):"
              % (min(args.failures, len(pos_fail)), len(pos_fail), len(rt_fail)))
        for c in (pos_fail + rt_fail)[:args.failures]:
            msg = first_error(c.err) if not c.ok else "round-trip: " + (c.rt_err or "?")
            print("  %s: %s" % (where(c), msg))
        print("negative cases accepted (first %d of %d):"
              % (min(args.failures, len(neg_fail)), len(neg_fail)))
        for c in neg_fail[:args.failures]:
            exp = re.search(r"expected-error[^{\n]*\{\{(.*?)\}\}", c.text)
            print("  %s: expects %s" % (where(c), repr(exp.group(1)) if exp else "failure"))

    if args.categories:
        groups = collections.OrderedDict()
        gwords = collections.defaultdict(collections.Counter)
        for c in pos_fail:
            cat, words = normalize(first_error(c.err))
            groups.setdefault(cat, []).append(c)
            gwords[cat].update(words)
        for c in rt_fail:
            cat, words = normalize(c.rt_err or "?")
            groups.setdefault("[round-trip] " + cat, []).append(c)
        print()
        print("failure categories of positive cases (%d categories, %d cases):"
              % (len(groups), len(pos_fail) + len(rt_fail)))
        for msg, cs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            c = cs[0]
            ex = first_error(c.err) if not c.ok else c.rt_err
            print("  %4d  %s%s" % (len(cs), msg, words_note(gwords[msg])))
            print("        e.g. %s: %s" % (where(c), ex))
        ngroups = collections.OrderedDict()
        nwords = collections.defaultdict(collections.Counter)
        for c in cases:
            if c.kind == "neg" and c.rc != 0:
                cat, words = normalize(first_error(c.err))
                ngroups.setdefault(cat, []).append(c)
                nwords[cat].update(words)
        print()
        print("first errors of the rejected negative cases (%d categories; top 10) -- a "
              "rejection caused by an unsupported op is not a real pass:" % len(ngroups))
        for msg, cs in sorted(ngroups.items(), key=lambda kv: -len(kv[1]))[:10]:
            print("  %4d  %s%s" % (len(cs), msg, words_note(nwords[msg])))
        if args.salvage:
            fgroups = collections.OrderedDict()
            fwords = collections.defaultdict(collections.Counter)
            for c in cases:
                for line, fe in c.fn_dropped:
                    cat, words = normalize(fe)
                    fgroups.setdefault(cat, []).append(fe)
                    fwords[cat].update(words)
            print()
            print("errors of the dropped functions (%d categories, %d functions):"
                  % (len(fgroups), sum(len(v) for v in fgroups.values())))
            for msg, es in sorted(fgroups.items(), key=lambda kv: -len(kv[1])):
                print("  %4d  %s%s" % (len(es), msg, words_note(fwords[msg])))
                print("        e.g. %s" % es[0])

    crashes = [(c, x) for c in cases for x in c.crash]
    print()
    print("crashes (panic / exit code not 0 or 1 / timeout): %d" % len(crashes))
    for c, (dst, why) in crashes:
        print("  %s [%s] %s -> %s" % (where(c), c.kind, why, dst))

    if args.keep:
        print("\ncases kept in %s" % work)
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
