export function zipOf(files: Record<string, string | Buffer>): Buffer;
export function docxOf(paragraphs: string[]): Buffer;
export function pdfOf(pages: string[][]): Buffer;
