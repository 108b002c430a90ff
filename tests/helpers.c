/* Shared helpers of the Criterion suite. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "helpers.h"

exattn_lesson *
th_lesson(const char *json)
{
    exattn_lesson *l = NULL;
    exattn_error_t err;
    int code;

    exattn_error_init(&err);
    code = exattn_lesson_read_buffer(&l, json, strlen(json), "test.json",
                                     NULL, &err);
    cr_assert_eq(code, EXATTN_OK, "lesson failed to load: %d %lu:%lu %s",
                 code, err.line, err.column, err.message);
    return l;
}

int
th_lesson_fails(const char *json, exattn_error_t *err)
{
    exattn_lesson *l = (exattn_lesson *)1;
    int code;

    exattn_error_init(err);
    code = exattn_lesson_read_buffer(&l, json, strlen(json), "bad.json",
                                     NULL, err);
    cr_assert_neq(code, EXATTN_OK, "lesson loaded but should have failed");
    cr_assert_null(l, "a failed read must leave *out NULL");
    cr_assert_eq(err->code, code);
    return code;
}

int
th_mpq_is(const mpq_t q, const char *text)
{
    mpq_t want;
    int eq;

    mpq_init(want);
    cr_assert_eq(mpq_set_str(want, text, 10), 0, "bad expectation %s", text);
    mpq_canonicalize(want);
    eq = mpq_equal(q, want);
    mpq_clear(want);
    return eq;
}

char *
th_srcpath(const char *rel)
{
    const char *top = getenv("EXATTN_SRCDIR");
    size_t n;
    char *p;

    if (top == NULL)
        top = ".";
    n = strlen(top) + strlen(rel) + 2;
    p = malloc(n);
    snprintf(p, n, "%s/%s", top, rel);
    return p;
}

char *
th_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, got = 0, r;

    if (f == NULL)
        return NULL;
    do
    {
        if (got + 4096 + 1 > cap)
        {
            cap = 2 * cap + 8192;
            buf = realloc(buf, cap);
        }
        r = fread(buf + got, 1, cap - got - 1, f);
        got += r;
    } while (r > 0);
    fclose(f);
    buf[got] = '\0';
    if (len)
        *len = got;
    return buf;
}

void
th_rand_init(gmp_randstate_t state)
{
    const char *env = getenv("EXATTN_TEST_SEED");
    unsigned long seed = env ? strtoul(env, NULL, 10) : 20261130UL;

    cr_log_info("random seed %lu (set EXATTN_TEST_SEED to replay)", seed);
    gmp_randinit_default(state);
    gmp_randseed_ui(state, seed);
}

unsigned long
th_rand(gmp_randstate_t state, unsigned long bound)
{
    return gmp_urandomm_ui(state, bound);
}

unsigned long
th_iterations(unsigned long base)
{
    const char *env = getenv("EXATTN_TEST_MULTIPLIER");
    unsigned long mult = env ? strtoul(env, NULL, 10) : 1;

    return base * (mult ? mult : 1);
}

/* e^{s_j} for every allowed key, and their sum. */
static void
exps(mpfr_t *e, mpfr_t sum, const exattn_row *row)
{
    const exattn_lesson *l = exattn_row_lesson(row);
    size_t j, m = exattn_lesson_keys(l);
    mpfr_prec_t prec = mpfr_get_prec(sum);
    mpfr_t root;
    mpq_t c;
    unsigned long s;

    mpq_init(c);
    mpfr_init2(root, prec);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    for (j = 0; j < m; j++)
    {
        mpfr_init2(e[j], prec);
        s = exattn_row_scaled_coef(c, row, j);
        mpfr_sqrt_ui(root, s, MPFR_RNDN);
        mpfr_mul_q(e[j], root, c, MPFR_RNDN);
        mpfr_exp(e[j], e[j], MPFR_RNDN);
        if (!exattn_row_is_allowed(row, j))
            mpfr_set_ui(e[j], 0, MPFR_RNDN);
        mpfr_add(sum, sum, e[j], MPFR_RNDN);
    }
    mpfr_clear(root);
    mpq_clear(c);
}

void
th_eval_weight(mpfr_t out, const exattn_row *row, size_t key)
{
    size_t j, m = exattn_lesson_keys(exattn_row_lesson(row));
    mpfr_t *e = malloc(m * sizeof *e), sum;

    mpfr_init2(sum, mpfr_get_prec(out));
    exps(e, sum, row);
    mpfr_div(out, e[key], sum, MPFR_RNDN);
    for (j = 0; j < m; j++)
        mpfr_clear(e[j]);
    mpfr_clear(sum);
    free(e);
}

void
th_eval_output(mpfr_t out, const exattn_row *row, size_t col)
{
    const exattn_lesson *l = exattn_row_lesson(row);
    size_t j, m = exattn_lesson_keys(l);
    mpfr_t *e = malloc(m * sizeof *e), sum, t;
    mpq_t v;

    mpq_init(v);
    mpfr_init2(sum, mpfr_get_prec(out));
    mpfr_init2(t, mpfr_get_prec(out));
    exps(e, sum, row);
    mpfr_set_ui(out, 0, MPFR_RNDN);
    for (j = 0; j < m; j++)
    {
        mpfr_mul_q(t, e[j], exattn_lesson_v(l, j, col, v), MPFR_RNDN);
        mpfr_add(out, out, t, MPFR_RNDN);
        mpfr_clear(e[j]);
    }
    mpfr_div(out, out, sum, MPFR_RNDN);
    mpfr_clear(sum);
    mpfr_clear(t);
    mpq_clear(v);
    free(e);
}

char *
th_tmpdir(void)
{
    char *dir = strdup("/tmp/exattn-test-XXXXXX");

    cr_assert_not_null(mkdtemp(dir), "mkdtemp failed");
    return dir;
}

char *
th_write_file(const char *dir, const char *name, const char *text)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    FILE *f;

    snprintf(path, n, "%s/%s", dir, name);
    f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot write %s", path);
    fwrite(text, 1, strlen(text), f);
    fclose(f);
    return path;
}

static char *
read_fd_file(FILE *f)
{
    char *buf;
    long n;

    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    buf = malloc((size_t)n + 1);
    buf[fread(buf, 1, (size_t)n, f)] = '\0';
    fclose(f);
    return buf;
}

/* Standard input for a run: `input` (NULL: empty, never the test's own,
 * which a command reading its standard input would wait on). */
static FILE *
stdin_file(const char *input)
{
    FILE *f = tmpfile();

    cr_assert_not_null(f, "cannot open the input file");
    if (input != NULL)
        fputs(input, f);
    fflush(f);
    rewind(f);
    return f;
}

static int
run(const char *const *argv, const char *stdout_path, const char *input,
    char **out, char **err)
{
    const char *exe = getenv("EXATTN");
    FILE *fo = stdout_path ? fopen(stdout_path, "w") : tmpfile();
    FILE *fe = tmpfile();
    FILE *fi = stdin_file(input);
    const char *args[64];
    size_t k = 0;
    pid_t pid;
    int status;

    cr_assert_not_null(exe, "EXATTN is not set (run through make check)");
    cr_assert(fo && fe, "cannot open the output files");
    args[k++] = exe;
    while (*argv && k < 63)
        args[k++] = *argv++;
    args[k] = NULL;
    fflush(NULL);
    pid = fork();
    cr_assert_neq(pid, -1, "fork failed");
    if (pid == 0)
    {
        dup2(fileno(fi), 0);
        dup2(fileno(fo), 1);
        dup2(fileno(fe), 2);
        execv(exe, (char *const *)args);
        _exit(127);
    }
    waitpid(pid, &status, 0);
    fclose(fi);
    if (out)
        *out = read_fd_file(fo);
    else
        fclose(fo);
    *err = read_fd_file(fe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int
th_run(const char *const *argv, char **out, char **err)
{
    return run(argv, NULL, NULL, out, err);
}

int
th_run_input(const char *const *argv, const char *input, char **out,
             char **err)
{
    return run(argv, NULL, input, out, err);
}

int
th_run_to(const char *const *argv, const char *stdout_path, char **err)
{
    return run(argv, stdout_path, NULL, NULL, err);
}

int
th_run_closed_pipe(const char *const *argv, char **err)
{
    const char *exe = getenv("EXATTN");
    FILE *fe = tmpfile();
    const char *args[64];
    size_t k = 0;
    int fds[2], status;
    pid_t pid;

    cr_assert_not_null(exe, "EXATTN is not set (run through make check)");
    cr_assert(fe != NULL && pipe(fds) == 0, "cannot open the pipe");
    close(fds[0]);              /* nobody will read: writes fail (EPIPE) */
    args[k++] = exe;
    while (*argv && k < 63)
        args[k++] = *argv++;
    args[k] = NULL;
    fflush(NULL);
    pid = fork();
    cr_assert_neq(pid, -1, "fork failed");
    if (pid == 0)
    {
        FILE *fi = fopen("/dev/null", "r");

        if (fi != NULL)
            dup2(fileno(fi), 0);
        dup2(fds[1], 1);
        dup2(fileno(fe), 2);
        execv(exe, (char *const *)args);
        _exit(127);
    }
    close(fds[1]);
    waitpid(pid, &status, 0);
    *err = read_fd_file(fe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Spaces at the start of the line at s. */
static size_t
indent_of(const char *s)
{
    size_t k = 0;

    while (s[k] == ' ')
        k++;
    return k;
}

char *
th_unwrap(char *t)
{
    char *r = t, *w = t, *line = t;

    while (*r)
    {
        if (*r == '\n' && r[1] != '\0'
            && indent_of(r + 1) >= indent_of(line) + 4
            && r[1 + indent_of(r + 1)] != '\0')
        {
            /* a continuation: the wrapper dropped one space at the break,
             * none before a form's '+' ("+e^{...}") */
            char *next = r + 1 + indent_of(r + 1);

            if (!(next[0] == '+' && next[1] != ' '))
                *w++ = ' ';
            r = next;
            continue;
        }
        if (*r == '\n')
            line = w + 1;
        *w++ = *r++;
    }
    *w = '\0';
    return t;
}

char *
th_write(const exattn_lesson *l, exattn_format_t format,
         const exattn_write_opts *opts)
{
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = exattn_write(f, l, format, opts, &err);

    cr_assert_eq(rc, EXATTN_OK, "%s", err.message);
    fclose(f);
    return buf;
}

size_t
th_each_example(void (*fn)(const char *path, const char *name, void *ctx),
                void *ctx)
{
    char *dir = th_srcpath("docs/examples"), path[1024];
    struct dirent *d;
    DIR *dp = opendir(dir);
    size_t n = 0, len;

    cr_assert_not_null(dp, "cannot read %s", dir);
    while ((d = readdir(dp)) != NULL)
    {
        len = strlen(d->d_name);
        if (len < 5 || strcmp(d->d_name + len - 5, ".json") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, d->d_name);
        fn(path, d->d_name, ctx);
        n++;
    }
    closedir(dp);
    free(dir);
    return n;
}

exattn_block *
th_block(exattn_lesson *l)
{
    exattn_block *b = NULL;
    exattn_error_t err;

    cr_assert_eq(exattn_block_new(&b, l, 0, &err), EXATTN_OK, "%s",
                 err.message);
    return b;
}
