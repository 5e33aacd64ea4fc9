// The billing domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { invoiceEvents } from './events.js';
export { invoicedTo, type InvoiceRow, invoices } from './invoices.js';
export { currentIssuer } from './issuer.js';
export { renderDocument } from './pdf/document.js';
export { pdfSchema, sendPdf } from './pdf/http.js';
export { amount, customerLines, dayFormat, docLang, issuerLines } from './pdf/parts.js';
export { DOCUMENT_TEXT, fill } from './pdf/texts.js';
export { billing } from './repository.js';
export { getInvoice, toInvoiceSummary } from './service.js';
