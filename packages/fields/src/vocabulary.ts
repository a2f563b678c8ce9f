import type { FieldType } from '@docsvc/schemas';

/**
 * The fields this service knows by name: which requested names mean them, the labels printed beside
 * their values (English and the main European languages, Malay for South-East Asian receipts), their
 * type, and the words that, in a label, make it something else (a subtotal is not the total). Azure's
 * prebuilt-invoice and prebuilt-receipt fields were the checklist. Labels are lower case; matching
 * ignores case, accents, punctuation and spacing ("N° de facture" = "no de facture").
 */
export interface FieldKind {
  kind: string;
  type: FieldType;
  /** Requested names (as labelTokens gives them, joined by " ") that mean this kind. */
  names: string[];
  labels: string[];
  /** Words (as labelTokens gives them: lower case, accents off) that in a label mean another thing, unless one of `despite` is there too. */
  avoid?: string[];
  despite?: string[];
  /**
   * Words that, in a requested name, ask for one of the kind's values in particular: labels with one
   * of them printed are preferred where the page has such a label ("amount due" is the balance due
   * after payments where an invoice prints both it and its total).
   */
  favour?: string[];
}

export const FIELD_KINDS: FieldKind[] = [
  {
    kind: 'total',
    type: 'amount',
    names: ['total', 'grand total', 'total amount', 'amount due', 'invoice total', 'amount total', 'total due', 'balance due', 'balance', 'amount payable', 'total payable', 'amount outstanding', 'outstanding balance', 'amount', 'total price', 'total paid', 'amount paid', 'sum', 'total sum'],
    labels: [
      'grand total', 'total amount', 'amount due', 'total due', 'balance due', 'total payable', 'amount payable', 'amount outstanding', 'outstanding balance', 'total to pay', 'nett total', 'net total', 'total incl', 'total inclusive', 'total rounded', 'rounded total',
      'total after rounding', 'total sales', 'total', 'invoice total', 'amount', 'jumlah', 'jumlah besar',
      'gesamtbetrag', 'gesamtsumme', 'gesamt', 'summe', 'endbetrag', 'zu zahlen', 'rechnungsbetrag', 'bruttobetrag',
      'total ttc', 'montant total', 'montant ttc', 'net a payer', 'a payer', 'importe total', 'total a pagar', 'totale', 'importo totale', 'totale da pagare', 'totaal', 'te betalen', 'valor total',
    ],
    avoid: ['sub', 'subtotal', 'qty', 'quantity', 'items', 'item', 'tax', 'gst', 'vat', 'sst', 'mwst', 'tva', 'iva', 'cash', 'change', 'tendered', 'discount', 'saving', 'savings', 'rounding', 'excl', 'excluding', 'excluded', 'exclusive', 'ht', 'netto', 'before', 'points', 'point', 'weight', 'pcs', 'units', 'count', 'no'],
    despite: ['incl', 'inclusive', 'including', 'included', 'inc', 'rounded', 'after', 'grand', 'due', 'payable', 'ttc'],
    favour: ['due', 'balance', 'payable', 'outstanding'],
  },
  {
    kind: 'subtotal',
    type: 'amount',
    names: ['subtotal', 'sub total', 'net amount', 'total excluding tax', 'total before tax'],
    labels: ['sub total', 'subtotal', 'total excl', 'total excluding', 'total before tax', 'net amount', 'zwischensumme', 'nettobetrag', 'netto', 'sous total', 'total ht', 'subtotale', 'imponibile', 'subtotaal', 'base imponible'],
  },
  {
    kind: 'tax',
    type: 'amount',
    names: ['tax', 'total tax', 'tax amount', 'vat', 'vat amount', 'gst', 'gst amount', 'sales tax'],
    labels: ['total tax', 'tax amount', 'sales tax', 'tax', 'gst', 'vat', 'sst', 'mwst', 'ust', 'tva', 'iva', 'btw', 'total gst', 'gst amount', 'vat amount', 'montant tva', 'cuota iva'],
    avoid: ['id', 'no', 'reg', 'registration', 'number', 'summary', 'code', 'nr', 'incl', 'inclusive', 'excl', 'excluding'],
  },
  {
    kind: 'date',
    type: 'date',
    names: ['date', 'invoice date', 'receipt date', 'transaction date', 'purchase date', 'issue date', 'document date', 'bill date', 'order date'],
    labels: ['invoice date', 'date', 'dated', 'bill date', 'receipt date', 'transaction date', 'trans date', 'doc date', 'issue date', 'date of issue', 'order date', 'datum', 'rechnungsdatum', 'fecha', 'fecha de factura', 'data', 'date de facture', 'tarikh', 'bizdate'],
    avoid: ['due', 'delivery', 'expiry', 'birth', 'fallig', 'falligkeitsdatum', 'echeance', 'vencimiento', 'scadenza', 'vervaldatum'],
  },
  {
    kind: 'due_date',
    type: 'date',
    names: ['due date', 'payment due date', 'payment due', 'due'],
    labels: ['due date', 'payment due', 'due by', 'due', 'pay by', 'fällig', 'fälligkeitsdatum', 'fällig am', 'zahlbar bis', 'echeance', 'date d echeance', 'vencimiento', 'fecha de vencimiento', 'scadenza', 'data di scadenza', 'vervaldatum', 'vencimento'],
  },
  {
    kind: 'invoice_number',
    type: 'identifier',
    names: ['invoice number', 'invoice no', 'invoice id', 'invoice', 'receipt number', 'receipt no', 'bill number', 'bill no', 'document number', 'invoice num'],
    labels: [
      'invoice no', 'invoice number', 'invoice #', 'inv no', 'invoice', 'bill no', 'receipt no', 'receipt #', 'receipt', 'document no', 'doc no', 'tax invoice no', 'cash bill no', 'no invoice',
      'rechnungsnummer', 'rechnung nr', 'rechnungs nr', 'rechnung', 'no de facture', 'numero de facture', 'facture no', 'facture', 'factura no', 'numero de factura', 'factura', 'fattura n', 'fattura', 'numero fattura', 'factuurnummer', 'factuur nr', 'fatura',
    ],
  },
  {
    kind: 'phone',
    type: 'phone',
    names: ['phone', 'telephone', 'tel', 'phone number', 'vendor phone', 'merchant phone', 'telephone number', 'mobile'],
    labels: ['tel', 'phone', 'telephone', 'tel no', 'phone no', 'mobile', 'hp', 'telefon', 'telefono', 'tlf', 'ph'],
    // A number on a row that names it a tax or company registration ("SIRET 123 456 789 00012") is no phone.
    avoid: ['siret', 'siren', 'rcs', 'vat', 'tva', 'gst', 'sst', 'ust', 'iva', 'nif', 'cif', 'abn', 'btw', 'kvk', 'reg', 'roc', 'steuernummer'],
  },
  { kind: 'fax', type: 'phone', names: ['fax', 'fax number'], labels: ['fax', 'telefax', 'fax no'] },
  { kind: 'email', type: 'email', names: ['email', 'e mail', 'email address', 'mail'], labels: ['email', 'e mail', 'mail', 'courriel'] },
  {
    kind: 'tax_id',
    type: 'tax_id',
    names: ['tax id', 'vat number', 'vat id', 'vat no', 'gst id', 'gst number', 'gst no', 'tax number', 'vendor tax id', 'abn', 'company registration', 'registration number'],
    labels: ['gst id', 'gst reg no', 'gst no', 'gst registration no', 'gst reg', 'vat no', 'vat reg no', 'vat number', 'vat id', 'vat reg', 'tax id', 'tax no', 'ust idnr', 'ust id', 'ust id nr', 'steuernummer', 'st nr', 'no tva', 'tva intracommunautaire', 'siret', 'nif', 'cif', 'abn', 'sst no', 'sst id', 'partita iva', 'p iva', 'btw nummer', 'co reg no', 'roc no', 'company no', 'reg no'],
  },
  {
    kind: 'company',
    type: 'company',
    names: ['company', 'company name', 'vendor', 'vendor name', 'merchant', 'merchant name', 'seller', 'supplier', 'store', 'store name', 'business', 'business name', 'shop', 'restaurant'],
    labels: ['company', 'vendor', 'merchant', 'seller', 'supplier', 'firma', 'societe', 'empresa', 'ditta'],
  },
  {
    kind: 'address',
    type: 'address',
    names: ['address', 'vendor address', 'merchant address', 'store address', 'company address', 'seller address', 'supplier address'],
    labels: ['address', 'addr', 'adresse', 'anschrift', 'direccion', 'indirizzo', 'alamat', 'adres', 'endereco'],
  },
  {
    kind: 'customer',
    type: 'person',
    names: ['customer', 'customer name', 'bill to', 'buyer', 'client', 'client name', 'sold to'],
    labels: ['customer name', 'customer', 'bill to', 'billed to', 'sold to', 'client', 'buyer', 'kunde', 'cliente', 'klant', 'name'],
    // A customer's reference or number is not who the customer is.
    avoid: ['ref', 'reference', 'no', 'number', 'nr', 'id', 'code', 'account', 'acct'],
  },
];

/**
 * Labels of what a receipt says was paid and given back: a total is what was tendered less the
 * change, a check on the total's label and its reading.
 */
export const PAID_LABELS = ['cash', 'cash tendered', 'tendered', 'amount tendered', 'cash received', 'received', 'paid', 'amount paid', 'payment', 'tunai', 'bayar', 'visa', 'mastercard', 'master', 'credit card', 'card', 'debit', 'bar', 'gegeben', 'especes', 'efectivo', 'contanti', 'contant'];
export const CHANGE_LABELS = ['change', 'change due', 'change amt', 'baki', 'ruckgeld', 'wechselgeld', 'rendu', 'monnaie rendue', 'cambio', 'resto', 'vuelto', 'wisselgeld'];

/**
 * Labels that start a document's customer's block ("Bill to", "Ship to", "Customer"): an address or a
 * company labelled after one is the customer's, not the seller's.
 */
export const CUSTOMER_SECTION_LABELS = ['bill to', 'billed to', 'sold to', 'ship to', 'shipped to', 'deliver to', 'delivery to', 'invoice to', 'customer', 'client', 'buyer', 'kunde', 'rechnungsempfanger', 'lieferadresse', 'facturer a', 'livrer a', 'cliente', 'klant', 'pelanggan'];

/** Labels of a discount: after one, a total below its subtotal is no misreading. */
export const DISCOUNT_LABELS = ['discount', 'disc', 'less', 'voucher', 'coupon', 'promotion', 'promo', 'member discount', 'diskaun', 'rabatt', 'nachlass', 'remise', 'reduction', 'descuento', 'sconto', 'korting', 'desconto'];

/** Words in a field's name that tell its type when the name is not one of FIELD_KINDS'. */
const TYPE_WORDS: Array<[FieldType, string[]]> = [
  ['date', ['date', 'day', 'datum', 'fecha', 'dated']],
  ['amount', ['total', 'amount', 'price', 'sum', 'balance', 'cost', 'fee', 'tax', 'vat', 'gst', 'subtotal', 'charge', 'paid', 'payment', 'deposit', 'credit', 'debit']],
  ['phone', ['phone', 'tel', 'fax', 'mobile', 'telephone']],
  ['email', ['email', 'mail']],
  ['address', ['address', 'addr']],
  ['company', ['company', 'vendor', 'merchant', 'supplier', 'seller', 'store']],
  ['identifier', ['number', 'no', 'id', 'nr', 'num', 'code', 'ref', 'reference', '#']],
  ['number', ['rate', 'percent', 'qty', 'quantity', 'count', 'units']],
];

/** The kind a requested name means, if any. */
export function kindOfName(tokens: readonly string[]): FieldKind | undefined {
  const name = tokens.join(' ');
  return FIELD_KINDS.find((k) => k.names.includes(name));
}

/** The type a field name suggests: its kind's, else from the words in it ("payment_date": date), else text. */
export function typeOfName(tokens: readonly string[]): FieldType {
  const kind = kindOfName(tokens);
  if (kind) return kind.type;
  // The first type of TYPE_WORDS with a word in the name decides: "total_date" is a date.
  for (const [type, words] of TYPE_WORDS) if (tokens.some((t) => words.includes(t))) return type;
  return 'text';
}
