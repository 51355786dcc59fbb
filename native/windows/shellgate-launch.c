/*
 * shellgate-launch: starts a program inside a Job Object that already holds this launcher, so
 * nothing the program creates, however early, is born outside the job.
 *
 *   shellgate-launch.exe @ PROGRAM [ARGUMENTS...]
 *
 * shellgate creates an unnamed kill-on-close job, spawns this launcher, puts it in the job, and
 * then duplicates a handle to the job (assign and query only) into the launcher's handle table.
 * The launcher starts nothing until that handle is there: it looks through its own handle table
 * for a job handle naming a job it is in, closes it (so PROGRAM inherits no handle to the job,
 * and only shellgate's handle keeps it alive: kill-on-close fires when shellgate exits), then starts
 * PROGRAM with the rest of its own command line passed on verbatim, exactly as the spawning code
 * quoted it. The job has no name and no member ever holds a handle to it, so nothing inside can
 * open it to allow breakaway and leave; nor is a handle ever inheritable, so no process started
 * around the spawn (Wine's conhost.exe, another thread's child) can hold the job open. The child
 * gets the launcher's own standard handles and console (pipes, or a ConPTY), is born in the job,
 * and the launcher exits with its exit code. Ctrl+C and Ctrl+Break are for the child: the launcher
 * ignores them with a handler (SetConsoleCtrlHandler(NULL, TRUE) would be inherited).
 *
 * When no job is handed over within HANDOVER_WAIT_MS, nothing is started: the launcher prints one
 * line on stderr and exits with 126 (a command that cannot run uncontained never runs); so it does
 * for a first token other than `@` (a job name is no longer taken). 127: PROGRAM could not be
 * started.
 *
 * No C runtime (the entry point is `launch`), kernel32 only, so the binary is small and the same
 * compiler gives the same bytes: scripts/build-launcher.sh builds it reproducibly and checks it
 * against the committed native/windows/shellgate-launch-x64.exe.
 */
#include <windows.h>

#define EXIT_NOT_CONTAINED 126
#define EXIT_NOT_STARTED 127
/* shellgate hands the job over right after the spawn returns; this is only the bound for a
   shellgate that died in between (or a launcher started by hand). SHELLGATE_LAUNCH_WAIT_MS may
   shorten it (tests); a shorter wait can only make the launcher refuse to start anything. */
#define HANDOVER_WAIT_MS 60000
/* A launcher holds a few dozen handles at most (its standard handles, the loader's), so the one
   shellgate adds lands low in the table. */
#define HANDLE_SCAN_LIMIT 0x1000

static void write_error(const wchar_t *first, const wchar_t *second, DWORD code) {
  wchar_t line[512];
  wchar_t digits[12];
  int length = 0;
  int count = 0;
  const wchar_t *parts[3];
  char utf8[1536];
  int bytes;
  DWORD written;
  parts[0] = L"shellgate-launch: ";
  parts[1] = first;
  parts[2] = second;
  for (int part = 0; part < 3; part += 1) {
    for (const wchar_t *c = parts[part]; c && *c && length < 440; c += 1) line[length++] = *c;
  }
  do {
    digits[count++] = (wchar_t)(L'0' + code % 10);
    code /= 10;
  } while (code && count < 11);
  line[length++] = L' ';
  line[length++] = L'(';
  line[length++] = L'e';
  line[length++] = L'r';
  line[length++] = L'r';
  line[length++] = L'o';
  line[length++] = L'r';
  line[length++] = L' ';
  while (count) line[length++] = digits[--count];
  line[length++] = L')';
  line[length++] = L'\r';
  line[length++] = L'\n';
  bytes = WideCharToMultiByte(CP_UTF8, 0, line, length, utf8, sizeof utf8, NULL, NULL);
  if (bytes > 0) WriteFile(GetStdHandle(STD_ERROR_HANDLE), utf8, (DWORD)bytes, &written, NULL);
}

/* The end of the first token, read as the C runtime reads a program name: quoted up to the next
   quote, otherwise up to the first blank. */
static const wchar_t *skip_program_name(const wchar_t *text) {
  if (*text == L'"') {
    text += 1;
    while (*text && *text != L'"') text += 1;
    return *text ? text + 1 : text;
  }
  while (*text && *text != L' ' && *text != L'\t') text += 1;
  return text;
}

static const wchar_t *skip_blanks(const wchar_t *text) {
  while (*text == L' ' || *text == L'\t') text += 1;
  return text;
}

/* A job handle in this process naming a job this process is in (the one shellgate duplicated in
   after putting the launcher in the job), or NULL when there is none yet. IsProcessInJob fails on
   every handle that is not a job (or lacks JOB_OBJECT_QUERY). */
static HANDLE find_handed_over(void) {
  for (ULONG_PTR value = 4; value < HANDLE_SCAN_LIMIT; value += 4) {
    BOOL inside = FALSE;
    if (IsProcessInJob(GetCurrentProcess(), (HANDLE)value, &inside) && inside) return (HANDLE)value;
  }
  return NULL;
}

/* A heap copy of [start, end). */
static wchar_t *copy_of(const wchar_t *start, const wchar_t *end) {
  SIZE_T count = (SIZE_T)(end - start);
  wchar_t *copy = HeapAlloc(GetProcessHeap(), 0, (count + 1) * sizeof(wchar_t));
  if (!copy) return NULL;
  for (SIZE_T index = 0; index < count; index += 1) copy[index] = start[index];
  copy[count] = 0;
  return copy;
}

/* The program's own name without the quotes the spawning code put around it. */
static wchar_t *unquoted(const wchar_t *start, const wchar_t *end) {
  if (end - start >= 2 && *start == L'"' && end[-1] == L'"') return copy_of(start + 1, end - 1);
  return copy_of(start, end);
}

/* HANDOVER_WAIT_MS, or the smaller wait SHELLGATE_LAUNCH_WAIT_MS asks for. */
static ULONGLONG handover_wait(void) {
  wchar_t text[16];
  DWORD length = GetEnvironmentVariableW(L"SHELLGATE_LAUNCH_WAIT_MS", text, 16);
  ULONGLONG wait = 0;
  if (length == 0 || length >= 16) return HANDOVER_WAIT_MS;
  for (DWORD index = 0; index < length; index += 1) {
    if (text[index] < L'0' || text[index] > L'9') return HANDOVER_WAIT_MS;
    wait = wait * 10 + (ULONGLONG)(text[index] - L'0');
  }
  return wait < HANDOVER_WAIT_MS ? wait : HANDOVER_WAIT_MS;
}

static BOOL WINAPI ignore_interrupts(DWORD event) {
  return event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT;
}

void launch(void) {
  const wchar_t *line = GetCommandLineW();
  const wchar_t *job_start = skip_blanks(skip_program_name(line));
  const wchar_t *job_end = job_start;
  const wchar_t *tail;
  const wchar_t *program_end;
  wchar_t *program;
  wchar_t *command_line;
  HANDLE job;
  ULONGLONG deadline;
  STARTUPINFOW own;
  STARTUPINFOW startup;
  PROCESS_INFORMATION child;
  DWORD exit_code = EXIT_NOT_STARTED;

  while (*job_end && *job_end != L' ' && *job_end != L'\t') job_end += 1;
  tail = skip_blanks(job_end);
  program_end = skip_program_name(tail);
  program = unquoted(tail, program_end);
  command_line = copy_of(tail, tail + lstrlenW(tail));
  if (!program || !command_line || job_end - job_start != 1 || *job_start != L'@' ||
      program_end == tail) {
    write_error(L"usage: shellgate-launch @ PROGRAM [ARGUMENTS...]", L"", ERROR_BAD_ARGUMENTS);
    ExitProcess(EXIT_NOT_CONTAINED);
  }

  deadline = GetTickCount64() + handover_wait();
  while (!(job = find_handed_over()) && GetTickCount64() < deadline) Sleep(1);
  if (!job) {
    write_error(L"no Job Object was handed over", L"", ERROR_TIMEOUT);
    ExitProcess(EXIT_NOT_CONTAINED);
  }
  CloseHandle(job);

  SetConsoleCtrlHandler(ignore_interrupts, TRUE);

  /* The program starts as the launcher did: the same standard handles (libuv's pipes, or the
     NULL handles node-pty passes so that a ConPTY client uses its pseudo console), the same
     show-window state, and the C runtime's inherited file table libuv passes in lpReserved2. */
  GetStartupInfoW(&own);
  for (SIZE_T index = 0; index < sizeof startup; index += 1) ((volatile char *)&startup)[index] = 0;
  startup.cb = sizeof startup;
  startup.dwFlags = own.dwFlags & (STARTF_USESTDHANDLES | STARTF_USESHOWWINDOW);
  startup.wShowWindow = own.wShowWindow;
  startup.hStdInput = own.hStdInput;
  startup.hStdOutput = own.hStdOutput;
  startup.hStdError = own.hStdError;
  startup.cbReserved2 = own.cbReserved2;
  startup.lpReserved2 = own.lpReserved2;

  if (!CreateProcessW(program, command_line, NULL, NULL, TRUE, 0, NULL, NULL, &startup, &child)) {
    write_error(L"cannot start ", program, GetLastError());
    ExitProcess(EXIT_NOT_STARTED);
  }
  CloseHandle(child.hThread);
  WaitForSingleObject(child.hProcess, INFINITE);
  GetExitCodeProcess(child.hProcess, &exit_code);
  ExitProcess(exit_code);
}
