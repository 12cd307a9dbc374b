// Response types of the index valuation endpoints (server/src/routes/index-valuation.ts): the valuation table
// (also home's low/normal/high summary), one index's page, PE/PB history and the K-line.

export type EvaType = 'low' | 'mid' | 'high';

export interface ValuationItem {
  index_code: string;
  name: string;
  pe: string;
  pe_percentile: string;
  pb: string;
  pb_percentile: string;
  roe: string;
  /** Dividend yield (Danjuan's spelling). */
  yeild: string;
  eva_type: EvaType;
  date: string;
  category: string;
  region: string;
  // Further fields of the real Danjuan row (JSON numbers where Danjuan sends numbers; optional so hand-made
  // values stay valid):
  id?: number;
  /** '1' broad, '2' strategy, '3' sector, '4' overseas, '5' bond. */
  ttype?: string;
  /** Page of the tracking fund with the smallest tracking error ('/funding/…'), or ''. */
  url?: string;
  /** Ten-year government bond yield of the index's market, ratio. */
  bond_yeild?: number;
  /** First valuation day, ms since 1970. */
  begin_at_ts?: number;
  created_at?: number;
  updated_at?: number;
  peg?: number | null;
  pb_flag?: boolean;
  /** 1 − the percentile: the share of the history above today's value. */
  pe_over_history?: number;
  pb_over_history?: number;
}

/** `GET /djapi/index_eva/dj`. */
export interface ValuationTable {
  items: ValuationItem[];
  low_percentile: string;
  high_percentile: string;
  /** The whole table is one page. */
  current_page?: number;
  size?: number;
  total_items?: number;
  total_pages?: number;
}

/** `GET /djapi/index_eva/detail/{indexCode}`. */
export interface IndexDetail {
  index_code: string;
  name: string;
  description: string;
  has_valuation: boolean;
  valuation: ValuationItem | null;
  funds: { fd_code: string; fd_name: string; tracking_error: string | null; total_asset: string; nav_grl1y: string | null }[];
}

export interface HorizontalLine {
  line_name: string;
  line_value: string;
  line_color: string;
}

/** `GET /djapi/index_eva/{pe|pb}_history/{indexCode}?day=`: the points under the metric's own name. */
export interface ValuationHistoryAnswer {
  index_eva_pe_growths?: { ts: number; date: string; pe: string }[];
  index_eva_pb_growths?: { ts: number; date: string; pb: string }[];
  horizontal_lines: HorizontalLine[];
}

export interface KlineItem {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  percent: string | null;
}

/** `GET /djapi/index/kline/{indexCode}?period&count`. */
export interface Kline {
  symbol: string;
  name: string;
  period: string;
  items: KlineItem[];
}
