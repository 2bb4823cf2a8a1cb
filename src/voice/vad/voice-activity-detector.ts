/** Voice activity detection on 20 ms frames of 8 kHz 16-bit audio: is this frame speech? */
export interface VoiceActivityDetector {
  isSpeech(frame: Int16Array): boolean;
  /** Releases what the detector holds (WebAssembly memory); it is not used afterwards. */
  free(): void;
}
