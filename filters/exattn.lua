--[[
exattn.lua -- a pandoc Lua filter that audits a lesson page's numbers
while pandoc converts it (docs/cli.md, "In the author's build").

The page names its lesson in its front matter:

    ---
    exattn-lesson: lessons/rises.json
    ---

(a path relative to the page's directory, or absolute).  The filter runs
`exattn audit --quiet --lesson LESSON PAGE` on each input file, writes
every verdict that is not a pass to standard error as FILE:LINE:COLUMN:
VERDICT ..., and fails the conversion when a number FAILs, is misworded
or is left undecided (exattn's exit status 1) or when the page cannot be
read (status 2).  A page without `exattn-lesson` is converted untouched.

    pandoc page.md --lua-filter /usr/local/share/exattn/exattn.lua -o page.html

The environment variable EXATTN names the exattn program (default:
`exattn` on the PATH); EXATTN_ARGS adds options, split on spaces (for
example "--strict" or "--max-prec 4096").
--]]

local function directory_of(path)
  return path:match('^(.*)[/\\]') or '.'
end

local function is_absolute(path)
  return path:sub(1, 1) == '/' or path:match('^%a:[/\\]') ~= nil
end

-- The lesson's path as exattn should open it: relative to the page.
local function lesson_for(page, lesson)
  if is_absolute(lesson) then
    return lesson
  end
  return directory_of(page) .. '/' .. lesson
end

local function extra_args()
  local args = {}
  for word in (os.getenv('EXATTN_ARGS') or ''):gmatch('%S+') do
    args[#args + 1] = word
  end
  return args
end

-- Run exattn audit on one page; returns its exit status and report.
local function audit(page, lesson)
  local args = { 'audit', '--quiet', '--lesson', lesson_for(page, lesson) }
  for _, a in ipairs(extra_args()) do
    args[#args + 1] = a
  end
  args[#args + 1] = page
  local ok, result = pcall(pandoc.pipe, os.getenv('EXATTN') or 'exattn',
                           args, '')
  if ok then
    return 0, result
  end
  -- pandoc.pipe raises on a non-zero status, with the output kept
  if type(result) == 'table' and result.error_code then
    return result.error_code, result.output or ''
  end
  return 2, tostring(result) .. '\n'
end

function Pandoc(doc)
  local lesson = doc.meta['exattn-lesson']
  if lesson == nil then
    return nil
  end
  lesson = pandoc.utils.stringify(lesson)
  local files = PANDOC_STATE.input_files
  local worst = 0
  for _, page in ipairs(files) do
    if page == '-' then
      io.stderr:write('exattn.lua: the page comes from standard input; '
                      .. 'exattn audit needs its file\n')
      worst = 2
    else
      local status, report = audit(page, lesson)
      io.stderr:write(report)
      if status > worst then
        worst = status
      end
    end
  end
  if worst ~= 0 then
    error(worst == 1 and 'exattn audit: a number on the page is wrong'
          or 'exattn audit: the page could not be audited', 0)
  end
  return nil
end
