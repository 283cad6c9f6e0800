// onnxruntime-node ships no declarations of its own: its API is onnxruntime-common's.
declare module 'onnxruntime-node' {
  export * from 'onnxruntime-common';
}
