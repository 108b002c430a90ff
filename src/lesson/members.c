/* The members of a lesson's objects: a field by name, and the check that
 * an object has no member the format does not know.  Every reader of a
 * group of fields (src/lesson/resolve.h) uses them. */
#include <string.h>
#include "lesson/fields.h"

const exattn_jnode *
exattn_lesson__field(const exattn_fields *f, const char *name)
{
    size_t i;

    for (i = 0; i < f->count; i++)
        if (strcmp(f->names[i]->text, name) == 0)
            return f->values[i];
    return NULL;
}

int
exattn_lesson__check_members(const exattn_rctx *rc, const exattn_jnode *obj,
                             const char *what, const char *const *known)
{
    size_t i, k, near;
    char list[400];

    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "%s: expected an object, found %s", what,
            exattn_json__kind_name(obj->kind));
    for (i = 0; i < obj->count; i++)
    {
        for (k = 0; known[k] != NULL; k++)
            if (strcmp(obj->keys[i]->text, known[k]) == 0)
                break;
        if (known[k] != NULL)
            continue;
        list[0] = '\0';
        for (k = 0; known[k] != NULL; k++)
        {
            strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, known[k], sizeof list - strlen(list) - 1);
        }
        near = exattn_nearest(known, k, obj->keys[i]->text);
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj->keys[i],
            "%s: unknown field \"%.60s\" (known fields: %s%s%s%s)", what,
            obj->keys[i]->text, list, near < k ? "; did you mean \"" : "",
            near < k ? known[near] : "", near < k ? "\"?" : "");
    }
    return EXATTN_OK;
}
