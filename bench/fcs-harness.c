/*
 * In-process driver of Freecell Solver's library (Debian libfreecell-solver-dev), for
 * `npm run bench`: one solver instance, configured once, solves every board of a file in turn,
 * so that no process start or board parsing by a second program is counted against it.
 *
 *   fcs-harness BOARDS ITER_LIMIT MS_LIMIT [fc-solve options...]
 *
 * BOARDS holds boards in fc-solve's text format separated by lines holding just "=". The options
 * are fc-solve's own command line options (game settings, -l PRESET, -to ORDER), read by the
 * library's own parser. Each board is solved in steps of STEP iterations (resume_solution) until
 * it is solved, proved unsolvable, ITER_LIMIT iterations are spent or MS_LIMIT ms have passed
 * (then "Iterations count exceeded."). Per board it prints, in the words of fc-solve's -m output so
 * that bench/fcsolve.ts parses both alike:
 *   #board I
 *   Move ... (one line per move of a solution)
 *   This game is solveable. | I could not solve this game. | Iterations count exceeded.
 *   Total number of states checked is N.
 *   #us MICROSECONDS   (solving, reading the solution's moves and recycling the instance for the
 *                      next board; configuring once and printing excluded)
 */
#include <freecell-solver/fcs_cl.h>
#include <freecell-solver/fcs_user.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STEP 1000

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n) n = 0;
    buf[n] = 0;
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: fcs-harness BOARDS ITER_LIMIT MS_LIMIT [fc-solve options...]\n");
        return 2;
    }
    char *text = read_file(argv[1]);
    if (!text) {
        fprintf(stderr, "fcs-harness: cannot read %s\n", argv[1]);
        return 2;
    }
    const long iter_limit = atol(argv[2]);
    const double ms_limit = atof(argv[3]);
    void *inst = freecell_solver_user_alloc();
    char *err = NULL;
    int last = 0;
    int rc = freecell_solver_user_cmd_line_parse_args_with_file_nesting_count(
        inst, argc, (freecell_solver_str_t *)argv, 4, NULL, NULL, NULL, &err, &last, -1, NULL);
    if (rc != FCS_CMD_LINE_OK) {
        fprintf(stderr, "fcs-harness: fc-solve options refused at \"%s\": %s\n",
            last < argc ? argv[last] : "", err ? err : "(no message)");
        return 2;
    }
    int board = 0;
    fcs_move_t *moves = NULL;
    size_t cap_moves = 0;
    for (char *p = text; *p;) {
        char *sep = strstr(p, "\n=\n");
        if (sep) sep[1] = 0;
        printf("#board %d\n", board++);
        const double t0 = now_us();
        long limit = STEP < iter_limit ? STEP : iter_limit;
        freecell_solver_user_limit_iterations_long(inst, limit);
        int ret = freecell_solver_user_solve_board(inst, p);
        while (ret == FCS_STATE_SUSPEND_PROCESS && limit < iter_limit &&
               (now_us() - t0) / 1e3 < ms_limit) {
            limit = limit + STEP < iter_limit ? limit + STEP : iter_limit;
            freecell_solver_user_limit_iterations_long(inst, limit);
            ret = freecell_solver_user_resume_solution(inst);
        }
        // Timed: all the work a board takes, as our solve() times all of its own (loading the
        // deal, solving, making and checking the solution, handing its storage on): solving,
        // reading the solution's moves (the library traces the solution when they are first asked
        // for) and recycling the instance for the next board. Printing is not timed.
        size_t num_moves = 0;
        if (ret == FCS_STATE_WAS_SOLVED) {
            fcs_move_t move;
            while (freecell_solver_user_get_next_move(inst, &move) == 0) {
                if (num_moves == cap_moves) {
                    cap_moves = cap_moves ? 2 * cap_moves : 1024;
                    moves = realloc(moves, cap_moves * sizeof(*moves));
                    if (!moves) return 2;
                }
                moves[num_moves++] = move;
            }
        }
        const long checked = (long)freecell_solver_user_get_num_times_long(inst);
        freecell_solver_user_recycle(inst);
        const double us = now_us() - t0;
        if (ret == FCS_STATE_WAS_SOLVED) {
            for (size_t i = 0; i < num_moves; i++) {
                char *s = freecell_solver_user_move_to_string(moves[i], 0);
                printf("%s\n", s);
                free(s);
            }
            printf("This game is solveable.\n");
        } else if (ret == FCS_STATE_IS_NOT_SOLVEABLE) {
            printf("I could not solve this game.\n");
        } else if (ret == FCS_STATE_SUSPEND_PROCESS) {
            printf("Iterations count exceeded.\n");
        } else {
            printf("fcs-harness: solve_board returned %d\n", ret);
        }
        printf("Total number of states checked is %ld.\n", checked);
        printf("#us %.0f\n", us);
        if (!sep) break;
        p = sep + 3;
    }
    freecell_solver_user_free(inst);
    free(moves);
    free(text);
    return 0;
}
