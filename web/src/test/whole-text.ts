/**
 * A text matcher for the element that reads `text` as a whole, when parts of it sit in their own
 * elements (an amount kept on one line in a NoWrap): the innermost element whose text it is.
 */
export const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
