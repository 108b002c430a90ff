/* A lesson's live lab in the document: one section that says what a
 * reader may change and what the lab shows, after the lesson's section.
 * The controls are the lesson's, as read and checked (src/lesson/
 * lab_spec.c); the section only lends them to the sink. */
#include <stdlib.h>
#include "derive/derive.h"

int
exattn_derive__lab(exattn_walk *w, const exattn_lesson *l)
{
    const exattn_lab *lab = l->lab;
    exattn_doc_lab_control *controls;
    exattn_doc_section s;
    exattn_doc_lab doc;
    size_t k;
    int code;

    controls = malloc(lab->control_count * sizeof *controls);
    if (controls == NULL)
        return exattn_error__set(w->err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (k = 0; k < lab->control_count; k++)
    {
        controls[k].kind = lab->controls[k].kind;
        controls[k].count = lab->controls[k].count;
        controls[k].positions = lab->controls[k].positions;
        controls[k].start = lab->controls[k].start;
        controls[k].row = lab->controls[k].row;
        controls[k].col = lab->controls[k].col;
        controls[k].step = lab->controls[k].ranged ? lab->controls[k].step
                                                   : NULL;
    }
    doc.title = lab->title;
    doc.follow = lab->follow;
    doc.control_count = lab->control_count;
    doc.controls = controls;
    doc.show = lab->show;
    doc.causal_allowed = lab->causal_allowed;
    doc.open_allowed = lab->open_allowed;
    doc.blockable = lab->blockable;
    doc.blockable_open = lab->blockable_open;
    exattn_walk__section(w, &s, EXATTN_SECTION_LAB, l);
    s.lab = &doc;
    if ((code = exattn_walk__begin(w, &s)) == EXATTN_OK)
        code = exattn_walk__end(w, &s);
    free(controls);
    return code;
}
