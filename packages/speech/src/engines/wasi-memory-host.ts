// A minimal WASI preview1 host with an in-memory file system, enough to run the Flite
// command-line program compiled to WASI: arguments, stdout capture, and files created or
// read in the preopened directory `.`. It avoids node:wasi (experimental, writes real
// temp files) and keeps every call inside the worker's memory.

const ERRNO_SUCCESS = 0
const ERRNO_BADF = 8
const ERRNO_INVAL = 28
const ERRNO_NOENT = 44
const ERRNO_NOSYS = 52
const FILETYPE_CHARACTER_DEVICE = 2
const FILETYPE_DIRECTORY = 3
const FILETYPE_REGULAR_FILE = 4
const PREOPEN_FD = 3
const OFLAGS_CREAT = 1
const OFLAGS_TRUNC = 8

class ExitSignal {
  constructor(readonly code: number) {}
}

interface OpenFile {
  name: string
  position: number
}

class GrowableBuffer {
  bytes = new Uint8Array(1024)
  length = 0

  writeAt(position: number, data: Uint8Array): void {
    const end = position + data.length
    if (end > this.bytes.length) {
      const next = new Uint8Array(Math.max(end, this.bytes.length * 2))
      next.set(this.bytes.subarray(0, this.length))
      this.bytes = next
    }
    this.bytes.set(data, position)
    this.length = Math.max(this.length, end)
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length)
  }
}

type WasiFunction = (...args: never[]) => number

interface PreparedInstance {
  instance: WebAssembly.Instance
  /** Points the instance's imports at one run's state. */
  bind(functions: Record<string, WasiFunction>): void
}

/**
 * A fresh instance with imports that call whatever functions are bound later: instantiating
 * initialises the module's whole memory (17 MB for Flite, 10-20 ms), so it can be done ahead,
 * while the thread is idle, instead of on the way to a listener's first audio.
 */
function instantiate(module: WebAssembly.Module): PreparedInstance {
  let bound: Record<string, WasiFunction> = {}
  const imports = new Proxy(
    {},
    {
      get:
        (_target, name: string) =>
        (...args: never[]): number =>
          (bound[name] ?? (() => ERRNO_NOSYS))(...args),
    },
  )
  const instance = new WebAssembly.Instance(module, {
    wasi_snapshot_preview1: imports as WebAssembly.ModuleImports,
  })
  return {
    instance,
    bind: (functions) => {
      bound = functions
    },
  }
}

/**
 * One instance per module, kept between runs. A WASI command is written to run once, so before
 * each run its memory is set back to the image it had when instantiated (a 17 MB copy for
 * Flite, about 1 ms, against 10-20 ms to instantiate and the collection of a 17 MB memory per
 * run). Only a run whose `_start` returned normally leaves an instance that can run again (an
 * exit or a trap leaves its stack pointer, a global we cannot reach, mid-stack); and one whose
 * memory grew past `REUSE_LIMIT_BYTES` is dropped, so a thread's memory stays bounded.
 */
interface Reusable {
  prepared: PreparedInstance
  memory: WebAssembly.Memory
  image: Uint8Array
  dirty: boolean
}

const REUSE_LIMIT_BYTES = 64 * 1024 * 1024
const reusable = new WeakMap<WebAssembly.Module, Reusable>()

function reset(entry: Reusable): void {
  if (!entry.dirty) return
  const bytes = new Uint8Array(entry.memory.buffer)
  bytes.set(entry.image)
  bytes.fill(0, entry.image.length)
  entry.dirty = false
}

/** Sets the kept instance back to its initial image now (call when idle), not on the next run's way. */
export function prepareWasiInstance(module: WebAssembly.Module): void {
  const entry = reusable.get(module)
  if (entry) reset(entry)
}

function takeInstance(module: WebAssembly.Module): Reusable {
  const kept = reusable.get(module)
  if (kept) {
    reusable.delete(module)
    reset(kept)
    return kept
  }
  const prepared = instantiate(module)
  const memory = prepared.instance.exports.memory as WebAssembly.Memory
  return { prepared, memory, image: new Uint8Array(memory.buffer).slice(), dirty: false }
}

export interface WasiRunResult {
  exitCode: number
  stdout: string
  stderr: string
  files: Map<string, Uint8Array>
}

/** Runs `_start` of a WASI command module with the given argv and input files. */
export function runWasiCommand(
  module: WebAssembly.Module,
  args: readonly string[],
  inputFiles: ReadonlyMap<string, Uint8Array> = new Map(),
): WasiRunResult {
  const files = new Map<string, GrowableBuffer>()
  for (const [name, data] of inputFiles) {
    const buffer = new GrowableBuffer()
    buffer.writeAt(0, data)
    files.set(name, buffer)
  }
  const stdout = new GrowableBuffer()
  const stderr = new GrowableBuffer()
  const open = new Map<number, OpenFile>()
  let nextFd = PREOPEN_FD + 1
  let memory: WebAssembly.Memory | undefined
  const encoder = new TextEncoder()
  const argBytes = args.map((arg) => encoder.encode(`${arg}\0`))

  const view = (): DataView => new DataView(memory!.buffer)
  const bytes = (): Uint8Array => new Uint8Array(memory!.buffer)
  const iovecs = (iovs: number, count: number): Uint8Array[] => {
    const dv = view()
    const list: Uint8Array[] = []
    for (let i = 0; i < count; i++) {
      const ptr = dv.getUint32(iovs + i * 8, true)
      const len = dv.getUint32(iovs + i * 8 + 4, true)
      list.push(new Uint8Array(memory!.buffer, ptr, len))
    }
    return list
  }

  const wasi = {
    args_sizes_get(argcPtr: number, sizePtr: number): number {
      view().setUint32(argcPtr, argBytes.length, true)
      view().setUint32(
        sizePtr,
        argBytes.reduce((sum, a) => sum + a.length, 0),
        true,
      )
      return ERRNO_SUCCESS
    },
    args_get(argvPtr: number, bufPtr: number): number {
      let offset = bufPtr
      argBytes.forEach((arg, i) => {
        view().setUint32(argvPtr + i * 4, offset, true)
        bytes().set(arg, offset)
        offset += arg.length
      })
      return ERRNO_SUCCESS
    },
    clock_time_get(_id: number, _precision: bigint, timePtr: number): number {
      // A fixed clock: Flite only uses it for benchmarks, and fixed time keeps runs reproducible.
      view().setBigUint64(timePtr, 0n, true)
      return ERRNO_SUCCESS
    },
    fd_close(fd: number): number {
      return open.delete(fd) ? ERRNO_SUCCESS : ERRNO_BADF
    },
    fd_fdstat_get(fd: number, ptr: number): number {
      const type =
        fd <= 2 ? FILETYPE_CHARACTER_DEVICE : fd === PREOPEN_FD ? FILETYPE_DIRECTORY : FILETYPE_REGULAR_FILE
      if (fd > PREOPEN_FD && !open.has(fd)) return ERRNO_BADF
      const dv = view()
      dv.setUint8(ptr, type)
      dv.setUint16(ptr + 2, 0, true)
      dv.setBigUint64(ptr + 8, 0xffffffffffffffffn, true)
      dv.setBigUint64(ptr + 16, 0xffffffffffffffffn, true)
      return ERRNO_SUCCESS
    },
    fd_fdstat_set_flags(): number {
      return ERRNO_SUCCESS
    },
    fd_prestat_get(fd: number, ptr: number): number {
      if (fd !== PREOPEN_FD) return ERRNO_BADF
      view().setUint8(ptr, 0)
      view().setUint32(ptr + 4, 1, true)
      return ERRNO_SUCCESS
    },
    fd_prestat_dir_name(fd: number, ptr: number, len: number): number {
      if (fd !== PREOPEN_FD || len < 1) return ERRNO_BADF
      bytes()[ptr] = 46 // '.'
      return ERRNO_SUCCESS
    },
    fd_read(fd: number, iovs: number, count: number, nreadPtr: number): number {
      const file = open.get(fd)
      if (!file && fd === 0) {
        view().setUint32(nreadPtr, 0, true)
        return ERRNO_SUCCESS
      }
      if (!file) return ERRNO_BADF
      const data = files.get(file.name)!.view()
      let total = 0
      for (const target of iovecs(iovs, count)) {
        const chunk = data.subarray(file.position, file.position + target.length)
        target.set(chunk)
        file.position += chunk.length
        total += chunk.length
        if (chunk.length < target.length) break
      }
      view().setUint32(nreadPtr, total, true)
      return ERRNO_SUCCESS
    },
    fd_seek(fd: number, offset: bigint, whence: number, newOffsetPtr: number): number {
      const file = open.get(fd)
      if (!file) return ERRNO_BADF
      const size = files.get(file.name)!.length
      const base = whence === 0 ? 0 : whence === 1 ? file.position : size
      const position = base + Number(offset)
      if (position < 0) return ERRNO_INVAL
      file.position = position
      view().setBigUint64(newOffsetPtr, BigInt(position), true)
      return ERRNO_SUCCESS
    },
    fd_write(fd: number, iovs: number, count: number, nwrittenPtr: number): number {
      let total = 0
      for (const source of iovecs(iovs, count)) {
        const data = source.slice()
        if (fd === 1) stdout.writeAt(stdout.length, data)
        else if (fd === 2) stderr.writeAt(stderr.length, data)
        else {
          const file = open.get(fd)
          if (!file) return ERRNO_BADF
          files.get(file.name)!.writeAt(file.position, data)
          file.position += data.length
        }
        total += data.length
      }
      view().setUint32(nwrittenPtr, total, true)
      return ERRNO_SUCCESS
    },
    path_open(
      dirFd: number,
      _dirFlags: number,
      pathPtr: number,
      pathLen: number,
      oflags: number,
      _rightsBase: bigint,
      _rightsInheriting: bigint,
      _fdFlags: number,
      fdPtr: number,
    ): number {
      if (dirFd !== PREOPEN_FD) return ERRNO_BADF
      const name = new TextDecoder().decode(bytes().slice(pathPtr, pathPtr + pathLen)).replace(/^\.\//, '')
      let file = files.get(name)
      if (!file) {
        if (!(oflags & OFLAGS_CREAT)) return ERRNO_NOENT
        file = new GrowableBuffer()
        files.set(name, file)
      } else if (oflags & OFLAGS_TRUNC) {
        file.length = 0
      }
      const fd = nextFd++
      open.set(fd, { name, position: 0 })
      view().setUint32(fdPtr, fd, true)
      return ERRNO_SUCCESS
    },
    proc_exit(code: number): never {
      throw new ExitSignal(code)
    },
  }

  const entry = takeInstance(module)
  entry.prepared.bind(wasi as unknown as Record<string, WasiFunction>)
  memory = entry.memory
  entry.dirty = true
  let exitCode = 0
  try {
    ;(entry.prepared.instance.exports._start as () => void)()
    if (entry.memory.buffer.byteLength <= REUSE_LIMIT_BYTES) reusable.set(module, entry)
  } catch (error) {
    if (!(error instanceof ExitSignal)) throw error
    exitCode = error.code
  }
  entry.prepared.bind({})
  const decoder = new TextDecoder()
  const output = new Map<string, Uint8Array>()
  for (const [name, buffer] of files) output.set(name, buffer.view().slice())
  return {
    exitCode,
    stdout: decoder.decode(stdout.view()),
    stderr: decoder.decode(stderr.view()),
    files: output,
  }
}
