/**
 * One read of people: a person by username, or a page of a list (peopleRecords.ts
 * `PeopleRequest`). A child of the people machine (people.ts), which starts it and keeps what it
 * reports (`PEOPLE.READ`, or `PEOPLE.READ_FAILED` with why); then it stops.
 */
import { sendParent, setup } from 'xstate';
import type { PersonPage, PersonResponse } from '../api/types';
import { placeholderActors } from './effects';
import type { PeopleRequest } from './peopleRecords';

export interface PeopleReadInput {
  request: PeopleRequest;
  /** The signed-in person's: whom they follow is marked. Null: no one's. */
  token: string | null;
}

/** A read as the people machine started it: which follow answers it may predate. */
export interface ReadRun extends PeopleReadInput {
  epoch: number;
}

/** What a read tells the people machine. */
export type PeopleReadEvent =
  | { type: 'PEOPLE.READ'; run: ReadRun; answer: PersonResponse | PersonPage }
  | { type: 'PEOPLE.READ_FAILED'; run: ReadRun; error: unknown };

/** One read: a child of the people machine, which reports and stops. */
export const peopleReadMachine = setup({
  types: { context: {} as ReadRun, input: {} as ReadRun },
  actors: placeholderActors('loadPeople'),
}).createMachine({
  id: 'peopleRead',
  context: ({ input }) => input,
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'loadPeople',
        input: ({ context }) => ({ request: context.request, token: context.token }),
        onDone: {
          target: 'done',
          actions: sendParent(({ context, event }): PeopleReadEvent => ({
            type: 'PEOPLE.READ',
            run: context,
            answer: event.output,
          })),
        },
        onError: {
          target: 'done',
          actions: sendParent(({ context, event }): PeopleReadEvent => ({
            type: 'PEOPLE.READ_FAILED',
            run: context,
            error: event.error,
          })),
        },
      },
    },
    done: { type: 'final' },
  },
});
