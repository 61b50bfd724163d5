/** Per-tenant matching tolerances; percentages are fractions (0.05 is five percent). */
export type Tolerances = {
  qtyPercent: number;
  pricePercent: number;
  dateWindowDays: number;
  autoEligibleScore: number;
};

/** One line of a supplier's invoice draft, as the supplier wrote it. */
export type InvoiceLine = {
  index: number;
  productNumber: string | null;
  vendorSku: string | null;
  description: string | null;
  quantity: number;
  price: number;
};

/** What the scorer needs of a draft: its lines, its date and the purchase number it quotes (if any). */
export type InvoiceDraft = {
  invoiceDateMs: number;
  poNumber: number | null;
  lines: readonly InvoiceLine[];
};

/** An unbooked receipt of the invoice's vendor with quantity not yet matched to any draft. */
export type OpenReceipt = {
  /** The receipt id (the spec's invTransactionId). */
  id: number;
  orderId: number;
  orderItemId: number;
  purchaseNumber: number | null;
  productNumber: string;
  /** The vendor's own numbers for the received product (from its vendor prices). */
  vendorSkus: readonly string[];
  description: string;
  /** Quantity received minus quantity already attached to any draft's pairs; always > 0. */
  openQuantity: number;
  unitPrice: number;
  receivedAtMs: number;
};

/** Names of the match signals; the spec's list is open-ended. */
export type Reason =
  | 'VendorSku'
  | 'ProductNumber'
  | 'Description'
  | 'QtyExact'
  | 'QtyWithinTolerance'
  | 'CombinedReceipts'
  | 'PriceExact'
  | 'PriceWithinTolerance'
  | 'DateWindow'
  | 'OrderReference';

/** One receipt scored against one invoice line. */
export type PairScore = {
  score: number;
  reasons: Reason[];
  /** True when the receipt is the same product as the line (or the line names no product at all). */
  sameProduct: boolean;
};

export type ScoredCandidate = PairScore & {
  receipt: OpenReceipt;
  isAutoEligible: boolean;
};

export type LineSuggestion = {
  line: InvoiceLine;
  candidates: ScoredCandidate[];
};
