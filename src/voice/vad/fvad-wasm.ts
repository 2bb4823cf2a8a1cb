import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The few WebAssembly APIs we use (the project's TypeScript lib has no DOM/WebAssembly types). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export interface FvadExports {
  memory: WasmMemory;
  fvad_new(): number;
  fvad_free(inst: number): void;
  fvad_set_mode(inst: number, mode: number): number;
  fvad_set_sample_rate(inst: number, rate: number): number;
  fvad_process(inst: number, frame: number, length: number): number;
  malloc(size: number): number;
  free(ptr: number): void;
}

let fvad: FvadExports | undefined;

/**
 * The WebRTC VAD (libfvad) as WebAssembly, from `@echogarden/fvad-wasm`. Its Emscripten glue is an
 * ES module that CommonJS (and jest) cannot load synchronously, so the .wasm is instantiated here
 * directly: the glue only minifies export names, which we read back from it.
 */
export function loadFvad(): FvadExports {
  if (fvad) return fvad;
  const dir = path.dirname(require.resolve('@echogarden/fvad-wasm/fvad.wasm'));
  const glue = readFileSync(path.join(dir, 'fvad.js'), 'utf8');
  const exportName = (name: string): string => {
    const m = new RegExp(`_${name}=Module\\["_${name}"\\]=[^;]*?wasmExports\\["(\\w+)"\\]`).exec(glue);
    if (!m) throw new Error(`fvad-wasm: export ${name} not found`);
    return m[1]!;
  };
  const memoryName = /wasmMemory=wasmExports\["(\w+)"\]/.exec(glue)?.[1] ?? 'c';
  const ctorsName = /__wasm_call_ctors[^;]*?wasmExports\["(\w+)"\]|wasmExports\["(\w+)"\]\)\(\)/.exec(glue);
  let memory: WasmMemory | undefined;
  const module = new WebAssemblyApi.Module(readFileSync(path.join(dir, 'fvad.wasm')));
  const instance = new WebAssemblyApi.Instance(module, {
    a: {
      a: () => {
        throw new Error('fvad-wasm: assertion failed');
      },
      b: (requested: number) => {
        const m = memory!;
        const pages = Math.ceil((requested - m.buffer.byteLength) / 65536);
        try {
          m.grow(pages);
          return 1;
        } catch {
          return 0;
        }
      },
    },
  });
  const ex = instance.exports as Record<string, unknown>;
  memory = ex[memoryName] as WasmMemory;
  const ctors = ctorsName?.[1] ?? ctorsName?.[2];
  if (ctors && typeof ex[ctors] === 'function') (ex[ctors] as () => void)();
  const fn = (name: string) => ex[exportName(name)] as (...a: number[]) => number;
  fvad = {
    memory,
    fvad_new: fn('fvad_new'),
    fvad_free: fn('fvad_free'),
    fvad_set_mode: fn('fvad_set_mode'),
    fvad_set_sample_rate: fn('fvad_set_sample_rate'),
    fvad_process: fn('fvad_process'),
    malloc: fn('malloc'),
    free: fn('free'),
  };
  return fvad;
}
