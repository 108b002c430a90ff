/* A complete program against the installed libexattn:
 *
 *   cc api-demo.c $(pkg-config --cflags --libs exattn) -o api-demo
 *   ./api-demo docs/examples/004-value-weighting.json
 *
 * It prints every output coordinate of every query row: the exact value
 * when there is one, the named term otherwise. */
#include <stdio.h>
#include <exattn.h>

static void
print_output(const exattn_row *row, size_t dv)
{
    mpq_t value;
    size_t c;
    int all_exact = 1;

    mpq_init(value);
    printf("output %zu: (", exattn_row_index(row) + 1);
    for (c = 0; c < dv; c++)
    {
        if (exattn_row_get_mpq(value, row, EXATTN_OUTPUT, 0, c) == EXATTN_OK)
            gmp_printf("%s%Qd", c ? ", " : "", value);
        else
        {
            char *named = exattn_row_get_str(row, EXATTN_OUTPUT, 0, c,
                                             EXATTN_TEXT);

            printf("%s%s", c ? ", " : "", named ? named : "?");
            exattn_free(named);
            all_exact = 0;
        }
    }
    printf(") %s\n", all_exact ? "EXACT" : "(named coordinates shown)");
    mpq_clear(value);
}

int
main(int argc, char **argv)
{
    exattn_lesson *lesson = NULL;
    exattn_error_t err;
    char message[2200];
    size_t i;
    int status = 0;

    if (argc != 2)
    {
        fprintf(stderr, "usage: %s LESSON.json\n", argv[0]);
        return 2;
    }
    if (exattn_lesson_read_file(&lesson, argv[1], NULL, &err) != EXATTN_OK)
    {
        exattn_error_snprint(message, sizeof message, &err);
        fprintf(stderr, "%s\n", message);
        return 2;
    }
    printf("libexattn %s: %zu query rows\n", exattn_version(),
           exattn_lesson_queries(lesson));
    for (i = 0; i < exattn_lesson_queries(lesson) && status == 0; i++)
    {
        exattn_row *row;

        if (exattn_row_new(&row, lesson, i, &err) != EXATTN_OK)
        {
            fprintf(stderr, "%s\n", err.message);
            status = 2;
            break;
        }
        print_output(row, exattn_lesson_value_width(lesson));
        exattn_row_free(row);
    }
    exattn_lesson_free(lesson);
    return status;
}
