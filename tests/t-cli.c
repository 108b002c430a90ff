/* The exattn command, run as a user runs it: outputs, exit statuses, and
 * every error with the bad input itself (message on stderr naming the
 * file, status 2, nothing on stdout). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "config.h"
#include "helpers.h"

#define GOOD "{\"Q\": [[1,0]], \"K\": [[1,0],[0,1]], \"V\": [[2,0],[0,3]]}"

/* Run on a lesson file holding `text`; expect a failure whose stderr
 * contains "FILE:" and `part`, exit status 2 and empty stdout. */
static void
expect_bad_lesson(const char *text, const char *where, const char *part)
{
    char *dir = th_tmpdir();
    char *path = th_write_file(dir, "lesson.json", text);
    const char *argv[] = { "derive", path, NULL };
    char *out, *err, want[512];
    int status = th_run(argv, &out, &err);

    cr_assert_eq(status, 2, "status %d; stderr: %s", status, err);
    cr_assert_str_empty(out, "stdout not empty: %s", out);
    snprintf(want, sizeof want, "exattn: %s%s", path, where);
    cr_assert(strncmp(err, want, strlen(want)) == 0, "stderr \"%s\" does "
              "not start with \"%s\"", err, want);
    cr_assert_not_null(strstr(err, part), "stderr \"%s\" lacks \"%s\"", err,
                       part);
    free(out);
    free(err);
    unlink(path);
    rmdir(dir);
    free(path);
    free(dir);
}

Test(cli, malformed_json)
{
    expect_bad_lesson("{\"Q\": [[1,0]],\n \"K\": [[1,0]] \"V\": [[1]]}",
                      ":2:16: ", "malformed JSON");
}

Test(cli, unknown_field)
{
    expect_bad_lesson("{\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]], \"maks\": "
                      "\"causal\"}", ":1:38: ", "unknown field \"maks\"");
}

Test(cli, bad_numbers)
{
    expect_bad_lesson("{\"Q\": [[\"1/0\"]], \"K\": [[1]], \"V\": [[1]]}",
                      ":1:9: ", "\"1/0\": division by zero");
    expect_bad_lesson("{\"Q\": [[\"x\"]], \"K\": [[1]], \"V\": [[1]]}",
                      ":1:9: ", "\"x\": not an exact number");
}

Test(cli, wrong_shapes)
{
    expect_bad_lesson("{\"Q\": [[1,0]], \"K\": [[1,0,0]], \"V\": [[1]]}",
                      ":1:21: ", "Q is 1x2 but K is 1x3");
    expect_bad_lesson("{\"Q\": [[1]], \"K\": [[1],[1]], \"V\": [[1]]}",
                      ":1:35: ", "K is 2x1 but V is 1x1");
}

Test(cli, every_key_blocked)
{
    expect_bad_lesson("{\"Q\": [[1]], \"K\": [[1],[2]], \"V\": [[1],[2]], "
                      "\"mask\": [[0,0]]}", ":1:55: ",
                      "row 1: every key is blocked; softmax is undefined");
}

Test(cli, shipped_all_blocked_example)
{
    char *path = th_srcpath("docs/examples/refused/002-try-a-case-all-blocked.json");
    const char *argv[] = { "derive", path, NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 2);
    cr_assert_str_empty(out);
    cr_assert_not_null(strstr(err, "row 1: every key is blocked; softmax "
                                   "is undefined"), "%s", err);
    free(out);
    free(err);
    free(path);
}

Test(cli, missing_file_and_directory)
{
    const char *argv[] = { "derive", "/nonexistent/lesson.json", NULL };
    const char *dir[] = { "derive", "/tmp", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 2);
    cr_assert_str_empty(out);
    cr_assert_str_eq(err, "exattn: /nonexistent/lesson.json: cannot open: No "
                     "such file or directory\n");
    free(out);
    free(err);
    cr_assert_eq(th_run(dir, &out, &err), 2);
    cr_assert_str_eq(err, "exattn: /tmp: cannot read: is a directory\n");
    free(out);
    free(err);
}

Test(cli, usage_errors)
{
    const char *none[] = { NULL };
    const char *unknown[] = { "frobnicate", NULL };
    const char *noarg[] = { "derive", NULL };
    const char *badopt[] = { "derive", "x.json", "--colour", NULL };
    const char *badfmt[] = { "derive", "x.json", "--format", "xml", NULL };
    const char *latex[] = { "derive", "x.json", "--vectors=curly", NULL };
    const char *digits[] = { "derive", "x.json", "--digits", "-5", NULL };
    const char *two[] = { "derive", "a.json", "b.json", "--format", "svg",
                          NULL };
    const char *stdin2[] = { "check", "-", "a.json", "-", NULL };
    const char *dangling[] = { "derive", "a.json", "-o", NULL };
    const char *expo[] = { "derive", "x.json", "--exponents", "pretty",
                           NULL };
    const char *const *cases[] = { none, unknown, noarg, badopt, badfmt,
                                   latex, digits, two, dangling, expo,
                                   stdin2 };
    /* no lesson named: standard input (here an empty one) */
    static const char *const parts[] = { "usage: exattn", "unknown command",
        "exattn: <stdin>: malformed JSON: the file is empty",
        "unknown option '--colour'",
        "--format xml: 'xml' is not one of text, json, latex, markdown or svg",
        "--vectors curly: 'curly' is not one of bmatrix or paren",
        "--digits -5: expected a whole number from 0 to 10000000",
        "derive: an SVG image is one lesson's (several would not make one "
        "file): derive each lesson on its own",
        "-o needs an argument",
        "--exponents pretty: 'pretty' is not one of simplified or written",
        "check: standard input (-) can be read only once" };
    char *out, *err;
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        cr_assert_eq(th_run(cases[i], &out, &err), 2, "case %zu", i);
        cr_assert_str_empty(out, "case %zu", i);
        cr_assert_not_null(strstr(err, parts[i]), "case %zu: %s", i, err);
        free(out);
        free(err);
    }
}

Test(cli, help_describes_every_option)
{
    const char *top[] = { "--help", NULL };
    const char *derive[] = { "derive", "--help", NULL };
    const char *version[] = { "--version", NULL };
    static const char *const opts[] = { "--format", "-o, --output",
                                        "--digits", "--help" };
    char *out, *err;
    size_t i;

    cr_assert_eq(th_run(top, &out, &err), 0);
    cr_assert_not_null(strstr(out, "derive"));
    cr_assert_not_null(strstr(out, "Exit status"));
    free(out);
    free(err);
    cr_assert_eq(th_run(derive, &out, &err), 0);
    for (i = 0; i < 4; i++)
        cr_assert_not_null(strstr(out, opts[i]), "help lacks %s", opts[i]);
    free(out);
    free(err);
    cr_assert_eq(th_run(version, &out, &err), 0);
    cr_assert_str_eq(out, "exattn " PACKAGE_VERSION "\n");
    free(out);
    free(err);
}

Test(cli, derive_text_and_json)
{
    char *path = th_srcpath("docs/examples/004-value-weighting.json");
    char *golden = th_srcpath("tests/data/004-value-weighting.expected.txt");
    const char *text[] = { "derive", path, NULL };
    const char *json[] = { "derive", "--format", "json", path, NULL };
    char *out, *err, *want = th_slurp(golden, NULL);

    cr_assert_eq(th_run(text, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, want);
    cr_assert_str_empty(err);
    free(out);
    free(err);
    cr_assert_eq(th_run(json, &out, &err), 0, "%s", err);
    cr_assert(strncmp(out, "{\"title\": ", 10) == 0);
    free(out);
    free(err);
    free(want);
    free(golden);
    free(path);
}

/* -o writes the file only when complete, and keeps an old one on error. */
Test(cli, output_file_is_all_or_nothing)
{
    char *dir = th_tmpdir();
    char *good = th_write_file(dir, "good.json", GOOD);
    char *bad = th_write_file(dir, "bad.json", "{\"Q\": [[1]]}");
    char *target = th_write_file(dir, "out.txt", "precious\n");
    const char *ok[] = { "derive", good, "-o", target, NULL };
    const char *fail[] = { "derive", bad, "-o", target, NULL };
    const char *plain[] = { "derive", good, NULL };
    char *out, *err, *stdout_text, *file_text;
    struct stat st;

    cr_assert_eq(th_run(fail, &out, &err), 2);
    file_text = th_slurp(target, NULL);
    cr_assert_str_eq(file_text, "precious\n", "an error touched -o FILE");
    free(file_text);
    free(out);
    free(err);
    cr_assert_eq(th_run(plain, &stdout_text, &err), 0);
    free(err);
    cr_assert_eq(th_run(ok, &out, &err), 0, "%s", err);
    cr_assert_str_empty(out);
    file_text = th_slurp(target, NULL);
    cr_assert_str_eq(file_text, stdout_text);
    cr_assert_eq(stat(target, &st), 0);
    cr_assert(st.st_mode & S_IRGRP || (umask(022), 1));
    free(file_text);
    free(stdout_text);
    free(out);
    free(err);
    unlink(good);
    unlink(bad);
    unlink(target);
    cr_assert_eq(rmdir(dir), 0, "a temporary file was left behind");
    free(good);
    free(bad);
    free(target);
    free(dir);
}

/* -o keeps an old file's mode, replaces a link's target (the link stays
 * a link) and writes into what is no regular file: a FIFO stays a FIFO,
 * and /dev/full's failure is an error, /dev/full still a device. */
Test(cli, output_keeps_modes_links_and_devices)
{
    char *dir = th_tmpdir();
    char *good = th_write_file(dir, "good.json", GOOD);
    char *kept = th_write_file(dir, "kept.txt", "old\n");
    char *target = th_write_file(dir, "target.txt", "old\n");
    char link[600], fifo[600], *text, *out, *err;
    const char *to_kept[] = { "derive", good, "-o", kept, NULL };
    const char *to_link[] = { "derive", good, "-o", link, NULL };
    const char *to_full[] = { "derive", good, "-o", "/dev/full", NULL };
    const char *plain[] = { "derive", good, NULL };
    char *want;
    struct stat st;

    cr_assert_eq(th_run(plain, &want, &err), 0);
    free(err);
    cr_assert_eq(chmod(kept, 0600), 0);
    cr_assert_eq(th_run(to_kept, &out, &err), 0, "%s", err);
    cr_assert_eq(stat(kept, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", st.st_mode & 0777);
    free(out);
    free(err);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    cr_assert_eq(symlink("target.txt", link), 0);
    cr_assert_eq(th_run(to_link, &out, &err), 0, "%s", err);
    cr_assert_eq(lstat(link, &st), 0);
    cr_assert(S_ISLNK(st.st_mode), "the link was replaced");
    text = th_slurp(target, NULL);
    cr_assert_str_eq(text, want);
    free(text);
    free(out);
    free(err);
    cr_assert_eq(th_run(to_full, &out, &err), 2);
    cr_assert_not_null(strstr(err, "/dev/full: cannot write"), "%s", err);
    cr_assert_eq(stat("/dev/full", &st), 0);
    cr_assert(S_ISCHR(st.st_mode), "/dev/full is no device any more");
    free(out);
    free(err);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    {
        /* a reader on the FIFO, so that the writer's open returns */
        pid_t reader = fork();

        if (reader == 0)
        {
            FILE *f = fopen(fifo, "r");
            char buf[4096];

            while (f && fread(buf, 1, sizeof buf, f) > 0)
                ;
            _exit(0);
        }
        {
            const char *to_fifo[] = { "derive", good, "-o", fifo, NULL };

            cr_assert_eq(th_run(to_fifo, &out, &err), 0, "%s", err);
        }
        waitpid(reader, NULL, 0);
    }
    cr_assert_eq(lstat(fifo, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    free(out);
    free(err);
    free(want);
    unlink(fifo);
    unlink(link);
    unlink(target);
    unlink(kept);
    unlink(good);
    cr_assert_eq(rmdir(dir), 0, "a temporary file was left behind");
    free(good);
    free(kept);
    free(target);
    free(dir);
}

Test(cli, write_failure_is_an_error)
{
    char *dir = th_tmpdir();
    char *good = th_write_file(dir, "good.json", GOOD);
    const char *argv[] = { "derive", good, NULL };
    const char *nodir[] = { "derive", good, "-o", "/nonexistent/o.txt",
                            NULL };
    char *out, *err;

    cr_assert_eq(th_run(nodir, &out, &err), 2);
    cr_assert_not_null(strstr(err, "/nonexistent/o.txt: cannot create"));
    free(out);
    free(err);
    cr_assert_eq(th_run_to(argv, "/dev/full", &err), 2);
    cr_assert_not_null(strstr(err, "cannot write"), "%s", err);
    free(err);
    /* a closed pipe (`exattn derive … | head -0`): ended quietly, by
     * SIGPIPE, as git and jq end */
    cr_assert_eq(th_run_closed_pipe(argv, &err), -1);
    cr_assert_str_empty(err, "%s", err);
    free(err);
    unlink(good);
    rmdir(dir);
    free(good);
    free(dir);
}

/* Seed 000's printed decimals come out of derive --digits 3. */
Test(cli, digits_give_the_seed_decimals)
{
    char *path = th_srcpath("docs/examples/000-scores-to-mixture.json");
    const char *argv[] = { "derive", path, "--digits", "3", NULL };
    const char *json[] = { "derive", path, "--digits=3", "--format", "json",
                           NULL };
    static const char *const parts[] = {
        "s[grid] = 2/√2 = √2 ≈ 1.414 (NAMED)", "√2/2 ≈ 0.707", "≈ 2.121",
        "e^{3√2/2}) ≈ 0.284", "≈ 0.140 (NAMED)", "≈ 0.576 (NAMED)",
        "·(1,0) ≈ (0.284,0)", "·(0,2) ≈ (0,0.280)",
        "·(1,2) ≈ (0.576,1.152)", "\noutput[rises] ≈ (0.860,1.432)\n" };
    char *out, *err;
    size_t i;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    for (i = 0; i < sizeof parts / sizeof *parts; i++)
        cr_assert_not_null(strstr(out, parts[i]), "missing %s", parts[i]);
    free(out);
    free(err);
    cr_assert_eq(th_run(json, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\"digits\": 3,"));
    cr_assert_not_null(strstr(out, "\"decimal\": \"0.860\""));
    cr_assert_not_null(strstr(out, "\"decimal\": \"1.432\""));
    free(out);
    free(err);
    free(path);
}

Test(cli, digits_zero_and_exact_values)
{
    char *path = th_srcpath("docs/examples/004-value-weighting.json");
    const char *argv[] = { "derive", path, "--digits", "0", NULL };
    const char *three[] = { "derive", path, "--digits", "3", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "w1 = e^0/(e^0+e^1) ≈ 0 (NAMED)"));
    free(out);
    free(err);
    cr_assert_eq(th_run(three, &out, &err), 0, "%s", err);
    /* output 3: coordinate 1 is exactly 1, written so; ≈ is for the
     * rounded one */
    cr_assert_not_null(strstr(out, "\noutput3 ≈ (1,1.212)\n"), "%s",
                       out);
    free(out);
    free(err);
    free(path);
}

Test(cli, undecided_at_the_precision_cap)
{
    char *path = th_srcpath("docs/examples/004-value-weighting.json");
    const char *argv[] = { "derive", path, "--digits", "40", "--max-prec",
                           "70", NULL };
    const char *big[] = { "derive", path, "--digits", "10000000000", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "≈ (row 2: undecided at 70 bits)"),
                       "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(big, &out, &err), 2);
    cr_assert_str_empty(out);
    cr_assert_not_null(strstr(err, "--digits 10000000000: expected a whole "
                                   "number from 0 to 10000000"));
    free(out);
    free(err);
    free(path);
}

Test(cli, eval_prints_named_form_status_and_decimal)
{
    const char *named[] = { "eval", "e^1/(e^1+e^1+e^2)", "--digits", "1000",
                            NULL };
    const char *exact[] = { "eval", "3/4+1/4", NULL };
    const char *neg[] = { "eval", "-1/2", "--digits", "2", NULL };
    char *out, *err, *line;

    cr_assert_eq(th_run(named, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "named:   e^1/(e^1+e^1+e^2)\n"));
    cr_assert_not_null(strstr(out, "latex:   \\frac{e^{1}}{e^{1}+e^{1}+e^{2}}"
                                   "\n"));
    cr_assert_not_null(strstr(out, "status:  NAMED\n"));
    line = strstr(out, "decimal: 0.21194155761708544507");
    cr_assert_not_null(line);
    /* 1000 digits after the point, then the note */
    cr_assert_eq(strchr(line, ' ')[0], ' ');
    cr_assert_eq(strcspn(line + 11, " "), 1000);
    free(out);
    free(err);
    cr_assert_eq(th_run(exact, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "status:  EXACT\nvalue:   1\ndecimal: "
                                   "1.00000000000000000000 (20 digits after "
                                   "the point, exact)"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(neg, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "decimal: -0.50 "), "%s", out);
    free(out);
    free(err);
}

Test(cli, eval_errors)
{
    const char *const cases[][5] = {
        { "eval", "1/0", NULL, NULL }, { "eval", "sqrt(-2)", NULL, NULL },
        { "eval", "ln(0)", NULL, NULL }, { "eval", "(1+", NULL, NULL },
        { "eval", "e^(10^10)", NULL, NULL }, { "eval", NULL, NULL, NULL },
        { "eval", "1", "2", NULL }, { "eval", "1", "--digits", "x" },
        { "eval", "1/(sqrt(2)*sqrt(3)-sqrt(6))", "--digits", "3" },
        { "eval", "sqrt(sqrt(2)*sqrt(3)-sqrt(6)-1)", NULL, NULL },
        { "eval", "1/(sin(1)^2+cos(1)^2-1)", NULL, NULL },
    };
    static const char *const parts[] = {
        "exattn: expression:1:3: division by zero",
        "exattn: expression:1:1: sqrt of a negative number",
        "exattn: expression:1:1: ln of a number that is not positive",
        "exattn: expression:1:4: unexpected end of the expression",
        "too large to represent",
        /* no expression given: standard input (here empty) */
        "exattn: <stdin>:1:1: unexpected end of the expression",
        "'2' is a second", "--digits x: expected a whole number",
        /* hidden zeros the normal forms see: input errors at once */
        "exattn: expression:1:4: division by zero",
        "exattn: expression:1:1: sqrt of a negative number",
        "exattn: expression:1:4: division by zero" };
    char *out, *err;
    size_t i;

    for (i = 0; i < sizeof parts / sizeof *parts; i++)
    {
        cr_assert_eq(th_run(cases[i], &out, &err), 2, "case %zu", i);
        cr_assert_str_empty(out, "case %zu: %s", i, out);
        cr_assert_not_null(strstr(err, parts[i]), "case %zu: %s", i, err);
        free(out);
        free(err);
    }
}

Test(cli, eval_undecided_is_said_not_guessed)
{
    const char *argv[] = { "eval", "(cos(2)+2*sin(1)^2)/20000",
                           "--digits", "4",
                           "--max-prec", "3000", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "decimal: undecided at 3000 bits"), "%s",
                       out);
    free(out);
    free(err);
}

/* The reproducers of endless refinement, as a user runs them:
 * each ends at once with its answer. */
Test(cli, reproducers_end_with_an_answer)
{
    char *dir = th_tmpdir();
    char *big = th_write_file(dir, "big.json",
        "{\"Q\":[[1]],\"K\":[[0],[1]],\"V\":[[0],[1]],"
        "\"scale\":1000000000}");
    char *trig = th_write_file(dir, "trig.json",
        "{\"Q\":[[1]],\"K\":[[1]],\"V\":[[1]],\"claims\":["
        "{\"expr\":\"(cos(2)+2*sin(1)^2)/8\",\"approx\":\"0.14\"}]}");
    const char *derive[] = { "derive", big, "--digits", "3", NULL };
    const char *check[] = { "check", trig, NULL };
    const char *tie[] = { "eval", "0.4985 - exp(-1000)", "--digits", "3",
                          NULL };
    const char *tiny[] = { "eval", "e^(-10^9)", "--digits", "3", NULL };
    char *out, *err;

    cr_assert_eq(th_run(derive, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "w1 = e^0/(e^0+e^1000000000) ≈ 0.000 "
                                   "(NAMED)"), "%s", out);
    cr_assert_not_null(strstr(out, "output1 ≈ (1.000)"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(check, &out, &err), 1, "%s", err);
    cr_assert_not_null(strstr(out, "trig.json:1:42: FAIL (cos(2)+2*sin(1)^2)/8 ≈ "
                                   "0.14"), "%s", out);
    cr_assert_not_null(strstr(out, "0 passed, 1 failed, 0 undecided"), "%s",
                       out);
    free(out);
    free(err);
    cr_assert_eq(th_run(tie, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "decimal: 0.498 "), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(tiny, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "decimal: 0.000 "), "%s", out);
    free(out);
    free(err);
    unlink(big);
    unlink(trig);
    rmdir(dir);
    free(big);
    free(trig);
    free(dir);
}

/* exattn check passes on every shipped example, one by one. */
static void
check_passes(const char *path, const char *name, void *ctx)
{
    const char *argv[] = { "check", path, NULL };
    size_t *claims = ctx;
    char *out, *err, *last;
    size_t passed;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s:\n%s%s", name, out, err);
    last = strrchr(out, '\n');
    cr_assert_not_null(last, "%s: no report", name);
    while (last > out && last[-1] != '\n')
        last--;
    cr_assert_eq(sscanf(last, "%zu passed, 0 failed, 0 undecided\n",
                        &passed), 1, "%s: %s", name, out);
    cr_assert_null(strstr(out, "FAIL"), "%s", out);
    claims[0] += passed;
    free(out);
    free(err);
}

/* Then all at once, as the shell runs `exattn check` on every example: a
 * report per file and one closing line, whose counts are the sum of the
 * reports one by one. */
Test(cli, check_passes_on_every_shipped_example)
{
    size_t one_by_one[1] = { 0 };
    size_t n = th_each_example(check_passes, one_by_one), k = 0, claims,
           files, passed;
    char *dir = th_srcpath("docs/examples"), *out, *err, *last;
    const char **argv = calloc(n + 2, sizeof *argv);
    char **paths = calloc(n, sizeof *paths);
    DIR *dp = opendir(dir);
    struct dirent *d;

    cr_assert_geq(n, 13, "only %zu examples found", n);
    cr_assert_not_null(dp);
    argv[0] = "check";
    while ((d = readdir(dp)) != NULL && k < n)
        if (strlen(d->d_name) > 5
            && strcmp(d->d_name + strlen(d->d_name) - 5, ".json") == 0)
        {
            paths[k] = malloc(strlen(dir) + strlen(d->d_name) + 2);
            sprintf(paths[k], "%s/%s", dir, d->d_name);
            argv[1 + k] = paths[k];
            k++;
        }
    closedir(dp);
    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_gt(strlen(out), 1);
    last = out + strlen(out) - 1;
    while (last > out && last[-1] != '\n')
        last--;
    cr_assert_eq(sscanf(last, "%zu claims in %zu files: %zu passed, 0 "
                        "failed, 0 undecided\n", &claims, &files, &passed),
                 3, "%s", last);
    cr_assert_eq(files, n);
    cr_assert_eq(passed, one_by_one[0], "%s", last);
    cr_assert_eq(claims, passed);
    for (k = 0; k < n; k++)
        free(paths[k]);
    free(paths);
    free(argv);
    free(dir);
    free(out);
    free(err);
}

/* The lesson with deliberate slips fails exactly its wrong claims. */
Test(cli, check_fails_exactly_the_wrong_claims)
{
    static const int wrong[] = { 2, 3, 6, 9, 10, 12, 14, 16, 18, 20 };
    char *path = th_srcpath("tests/data/deliberate-slips.json");
    const char *argv[] = { "check", path, "--format", "json", NULL };
    char *out, *err, *p;
    int claim = 0, w = 0;

    cr_assert_eq(th_run(argv, &out, &err), 1, "%s", err);
    /* each claim's verdict follows its "line" field */
    for (p = strstr(out, "\"line\": "); p; p = strstr(p + 1, "\"line\": "))
    {
        int failed = strncmp(strstr(p, "\"verdict\": ") + 11, "\"fail\"", 6)
                     == 0;

        claim++;
        if (w < 10 && wrong[w] == claim)
        {
            cr_assert(failed, "claim %d should fail", claim);
            w++;
        }
        else
            cr_assert_not(failed, "claim %d should pass", claim);
    }
    cr_assert_eq(claim, 20);
    cr_assert_not_null(strstr(out, "\"summary\": {\"passed\": 10, "
                                   "\"failed\": 10, \"undecided\": 0}"));
    free(out);
    free(err);
    free(path);
}

Test(cli, check_usage_and_bad_input)
{
    char *blocked =
        th_srcpath("docs/examples/refused/002-try-a-case-all-blocked.json");
    const char *argv[] = { "check", blocked, NULL };
    const char *none[] = { "check", NULL };
    const char *fmt[] = { "check", blocked, "--format", "xml", NULL };
    const char *help[] = { "check", "--help", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 2);
    cr_assert_str_empty(out);
    cr_assert_not_null(strstr(err, "every key is blocked"));
    free(out);
    free(err);
    cr_assert_eq(th_run(none, &out, &err), 2);
    cr_assert_not_null(strstr(err, "<stdin>: malformed JSON: the file is "
                                   "empty"), "%s", err);
    free(out);
    free(err);
    cr_assert_eq(th_run(fmt, &out, &err), 2);
    cr_assert_not_null(strstr(err, "--format xml: 'xml' is not one of text "
                                   "or json"), "%s", err);
    free(out);
    free(err);
    cr_assert_eq(th_run(help, &out, &err), 0);
    cr_assert_not_null(strstr(out, "--max-prec BITS"));
    cr_assert_not_null(strstr(out, "-o, --output FILE"));
    free(out);
    free(err);
    free(blocked);
}

Test(cli, show_selects_the_quantities)
{
    char *path = th_srcpath("docs/examples/000-scores-to-mixture.json");
    const char *text[] = { "derive", path, "--show", "weights,output", NULL };
    const char *json[] = { "derive", path, "--show=output", "--format",
                           "json", NULL };
    const char *bad[] = { "derive", path, "--show", "weights,sums", NULL };
    char *out, *err;

    cr_assert_eq(th_run(text, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\nweights: "));
    cr_assert_not_null(strstr(out, "\noutput[rises] = "));
    cr_assert_null(strstr(out, "\nscores: "));
    cr_assert_null(strstr(out, "weight·V"));
    free(out);
    free(err);
    cr_assert_eq(th_run(json, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\"output\": ["));
    cr_assert_null(strstr(out, "\"weights\": ["));
    cr_assert_null(strstr(out, "\"contributions\": ["));
    free(out);
    free(err);
    cr_assert_eq(th_run(bad, &out, &err), 2);
    cr_assert_not_null(strstr(err, "'sums' is not one of scores"));
    free(out);
    free(err);
    free(path);
}

Test(cli, derive_latex)
{
    char *path = th_srcpath("docs/examples/004-value-weighting.json");
    char *golden = th_srcpath("tests/data/004-value-weighting.expected.tex");
    const char *argv[] = { "derive", path, "--format", "latex", NULL };
    const char *doc[] = { "derive", path, "--format", "latex",
                          "--standalone", "--digits", "3", NULL };
    char *out, *err, *want = th_slurp(golden, NULL);

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, want);
    free(out);
    free(err);
    cr_assert_eq(th_run(doc, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\\begin{document}"));
    cr_assert_not_null(strstr(out, "\\approx 0.269\\quad(\\text{named})"));
    free(out);
    free(err);
    free(want);
    free(golden);
    free(path);
}

/* A 200 MB lesson is refused from its size, before it is read (the file
 * is sparse: it costs no disk). */
Test(cli, a_huge_lesson_is_refused_before_it_is_read)
{
    char *dir = th_tmpdir(), *path = th_write_file(dir, "huge.json", "{");
    const char *argv[] = { "derive", path, NULL };
    char *out, *err;

    cr_assert_eq(truncate(path, 200L << 20), 0);
    cr_assert_eq(th_run(argv, &out, &err), 2);
    cr_assert_str_eq(out, "");
    cr_assert_not_null(strstr(err, "209715200 bytes, more than the limit of "
                                   "67108864"), "%s", err);
    free(out);
    free(err);
    unlink(path);
    rmdir(dir);
    free(path);
    free(dir);
}

/* Every limit can be raised: what is refused by default passes with
 * --limit, and lowering one gives its message. */
Test(cli, limits_can_be_raised)
{
    char deep[700];
    const char *nest[] = { "eval", deep, "--limit", "nesting=2000", NULL };
    const char *expo[] = { "eval", "1e150000", "--digits", "0", "--limit",
                           "exponent=200000", NULL };
    const char *len[] = { "eval", "1+1", "--limit", "length=2", NULL };
    char *out, *err;

    memset(deep, '(', 300);
    deep[300] = '1';
    memset(deep + 301, ')', 300);
    deep[601] = '\0';
    cr_assert_eq(th_run(nest, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "value:   1"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(expo, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "status:  EXACT"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(len, &out, &err), 2);
    cr_assert_str_eq(err, "exattn: expression: 3 bytes, more than the limit "
                          "of 2\n");
    free(out);
    free(err);
}

/* "-" and no file at all read standard input, as jq and pandoc do; "-o -"
 * is standard output; messages name <stdin>. */
Test(cli, standard_input_and_output)
{
    char *path = th_srcpath("docs/examples/001-soft-lookup.json");
    char *lesson = th_slurp(path, NULL);
    char *page_path = th_srcpath("docs/examples/pages/001-soft-lookup.md");
    char *page = th_slurp(page_path, NULL);
    const char *derive[] = { "derive", NULL };
    const char *dash[] = { "derive", "-", "-o", "-", NULL };
    const char *check[] = { "check", "-", NULL };
    const char *eval[] = { "eval", "-", NULL };
    const char *audit[] = { "audit", "--lesson", path, NULL };
    const char *version[] = { "-V", NULL };
    char *out, *err, *want, *ignored;

    cr_assert_eq(th_run((const char *[]){ "derive", path, NULL }, &want,
                        &ignored), 0);
    free(ignored);
    cr_assert_eq(th_run_input(derive, lesson, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, want);
    free(out);
    free(err);
    cr_assert_eq(th_run_input(dash, lesson, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, want);
    free(out);
    free(err);
    free(want);
    cr_assert_eq(th_run_input(check, lesson, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "26 passed, 0 failed, 0 undecided"), "%s",
                       out);
    free(out);
    free(err);
    cr_assert_eq(th_run_input(check, "{\"Q\": [[1]],\n \"K\": [[1]], "
                              "\"V\": [[1]], \"mask\": [[2]]}", &out, &err),
                 2);
    cr_assert_str_empty(out);
    cr_assert_not_null(strstr(err, "exattn: <stdin>:2:36: mask row 1"), "%s",
                       err);
    free(out);
    free(err);
    cr_assert_eq(th_run_input(eval, "e^1/(e^1+e^1+e^2)\n", &out, &err), 0,
                 "%s", err);
    cr_assert_not_null(strstr(out, "status:  NAMED"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run_input(audit, page, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "<stdin>:27:39: PASS 0.401"), "%s", out);
    cr_assert_not_null(strstr(out, "42 numbers: 42 passed"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(version, &out, &err), 0);
    cr_assert_eq(strncmp(out, "exattn ", 7), 0, "%s", out);
    free(out);
    free(err);
    free(lesson);
    free(page);
    free(path);
    free(page_path);
}

/* Several lessons, as grep takes several files: a report each, complete
 * or absent (a bad lesson is reported and the others go on), one closing
 * line, and the worst status; --quiet leaves the failures alone. */
Test(cli, several_lessons_a_report_each_and_the_worst_status)
{
    char *dir = th_tmpdir();
    char *good = th_write_file(dir, "good.json",
        "{\"Q\":[[1]],\"K\":[[0],[1]],\"V\":[[0],[1]],\"claims\":["
        "{\"of\":\"weights[1][1]\",\"approx\":\"0.27\"}]}");
    char *slip = th_write_file(dir, "slip.json",
        "{\"Q\":[[1]],\"K\":[[0],[1]],\"V\":[[0],[1]],\"claims\":[\n"
        "{\"of\":\"weights[1][1]\",\"approx\":\"0.26\","
        "\"source\":\"about a quarter\"},\n"
        "{\"of\":\"weights[1][2]\",\"approx\":\"0.73\"}]}");
    char *bad = th_write_file(dir, "bad.json", "{\"Q\":[[1]]");
    char *dest = th_write_file(dir, "report.txt", "old\n");
    const char *both[] = { "check", good, slip, NULL };
    const char *three[] = { "check", good, bad, slip, NULL };
    const char *quiet[] = { "check", "-q", good, slip, NULL };
    const char *to_file[] = { "check", good, bad, "-o", dest, NULL };
    const char *derive[] = { "derive", good, slip, "--format", "json",
                             NULL };
    char *out, *err, *kept, *at;

    cr_assert_eq(th_run(both, &out, &err), 1, "%s", err);
    cr_assert_not_null(strstr(out, "good.json:1:50: PASS "), "%s", out);
    cr_assert_not_null(strstr(out, "slip.json:2:1: FAIL weights[1][1] ≈ 0.26"
                                   ), "%s", out);
    cr_assert_not_null(strstr(out, "— the page: \"about a quarter\"\n"),
                       "%s", out);
    at = strstr(out, "\n3 claims in 2 files: 2 passed, 1 failed, "
                     "0 undecided\n");
    cr_assert_not_null(at, "%s", out);
    cr_assert_str_eq(at + 1 + strcspn(at + 1, "\n") + 1, "");
    free(out);
    free(err);
    /* the bad lesson: its message, no report, the others' reports */
    cr_assert_eq(th_run(three, &out, &err), 2);
    cr_assert_not_null(strstr(err, "bad.json:1:8: malformed JSON"), "%s", err);
    cr_assert_null(strstr(out, "bad.json"), "%s", out);
    cr_assert_not_null(strstr(out, "slip.json:3:1: PASS "), "%s", out);
    cr_assert_not_null(strstr(out, "3 claims in 3 files: 2 passed, 1 failed, "
                                   "0 undecided; 1 file could not be "
                                   "checked\n"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(quiet, &out, &err), 1);
    cr_assert_eq(strncmp(out, slip, strlen(slip)), 0, "%s", out);
    cr_assert_eq(strcspn(out, "\n") + 1, strlen(out), "%s", out);
    cr_assert_not_null(strstr(out, ":2:1: FAIL "), "%s", out);
    free(out);
    free(err);
    /* -o FILE: all or nothing, so an old report survives a bad lesson */
    cr_assert_eq(th_run(to_file, &out, &err), 2);
    kept = th_slurp(dest, NULL);
    cr_assert_str_eq(kept, "old\n");
    free(kept);
    free(out);
    free(err);
    /* derive: a JSON document per lesson, one after another, each the
     * one its lesson gives alone */
    cr_assert_eq(th_run(derive, &out, &err), 0, "%s", err);
    free(err);
    cr_assert_eq(th_run((const char *[]){ "derive", good, "--format", "json",
                                          NULL }, &kept, &err), 0);
    free(err);
    cr_assert_eq(strncmp(out, kept, strlen(kept)), 0, "%s", out);
    at = out + strlen(kept);
    free(kept);
    cr_assert_eq(th_run((const char *[]){ "derive", slip, "--format", "json",
                                          NULL }, &kept, &err), 0);
    cr_assert_str_eq(at, kept);
    free(kept);
    free(out);
    free(err);
    free(good);
    free(slip);
    free(bad);
    free(dest);
    free(dir);
}

/* audit takes pages as check takes lessons: a bad page is reported, the
 * others audited, and --quiet leaves what does not pass. */
Test(cli, several_pages_a_report_each)
{
    char *dir = th_tmpdir();
    char *lesson = th_write_file(dir, "l.json",
        "{\"Q\":[[1]],\"K\":[[0],[1]],\"V\":[[0],[1]]}");
    char *good = th_write_file(dir, "good.md", "It weighs 0.269.\n");
    char *slip = th_write_file(dir, "slip.md", "It weighs 0.268, and "
                                               "0.731.\n");
    char *bad = th_write_file(dir, "bad.md", "It weighs $0.269.\n");
    const char *three[] = { "audit", "-l", lesson, good, bad, slip, NULL };
    const char *quiet[] = { "audit", "-l", lesson, "--quiet", good, slip,
                            NULL };
    char *out, *err;

    cr_assert_eq(th_run(three, &out, &err), 2);
    cr_assert_not_null(strstr(err, "bad.md:1:11: "), "%s", err);
    cr_assert_null(strstr(out, "bad.md"), "%s", out);
    cr_assert_not_null(strstr(out, "good.md:1:11: PASS 0.269"), "%s", out);
    cr_assert_not_null(strstr(out, "slip.md:1:11: FAIL 0.268"), "%s", out);
    cr_assert_not_null(strstr(out, "3 numbers in 3 pages: 2 passed, 1 "
                                   "failed, 0 unsourced; 1 page could not "
                                   "be audited\n"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(quiet, &out, &err), 1);
    cr_assert_eq(strncmp(out, slip, strlen(slip)), 0, "%s", out);
    cr_assert_eq(strcspn(out, "\n") + 1, strlen(out), "%s", out);
    free(out);
    free(err);
    free(lesson);
    free(good);
    free(slip);
    free(bad);
    free(dir);
}

/* "--" ends the options in every command: a later word that starts with
 * "-" is an operand (an expression, a file), and a second "--" too. */
Test(cli, a_double_dash_ends_the_options)
{
    const char *const eval[] = { "eval", "--", "-1", NULL };
    const char *const twice[] = { "eval", "--", "--", NULL };
    const char *const file[] = { "derive", "--", "--format", NULL };
    char *out, *err;

    cr_assert_eq(th_run(eval, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "value:   -1\n"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(twice, &out, &err), 2);
    cr_assert_not_null(strstr(err, "expression:1:3: unexpected end"), "%s",
                       err);
    free(out);
    free(err);
    cr_assert_eq(th_run(file, &out, &err), 2);
    cr_assert_not_null(strstr(err, "--format: cannot open"), "%s", err);
    cr_assert_str_eq(out, "");
    free(out);
    free(err);
}
