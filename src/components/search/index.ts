export { SearchBox, snippetOf } from './SearchBox';
export type { SearchBoxProps, SearchBoxResults, SearchBoxStatus } from './SearchBox';
