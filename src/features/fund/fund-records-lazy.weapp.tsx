import { DividendTable, NavHistoryTable } from './fund-records';

// weapp: the record tables sit in this page's subpackage already (no dynamic import in the mini program).
export function LazyNavHistory(props: { code: string; money: boolean }) {
  return <NavHistoryTable {...props} />;
}

export function LazyDividends(props: { code: string }) {
  return <DividendTable {...props} />;
}
