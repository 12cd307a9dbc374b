// The page envelope every paged list endpoint answers with (rankings, screening, and the trading issue's records).

export interface Paged<T> {
  items: T[];
  current_page: number;
  size: number;
  total_items: number;
  total_pages: number;
}
