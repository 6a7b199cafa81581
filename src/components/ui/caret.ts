/** The caret after a text field's last character, as when one goes on writing an opened text. */
export function caretToEnd(field: HTMLTextAreaElement | HTMLInputElement | null): void {
  if (field === null) return;
  const end = field.value.length;
  field.setSelectionRange(end, end);
}
