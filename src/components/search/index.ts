export { SearchBox } from './SearchBox';
export { snippetOf } from './SearchResults';
export type { SearchBoxProps, SearchBoxResults, SearchBoxStatus } from './SearchBox';
