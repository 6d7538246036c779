/** jsdom has no <dialog> methods: a modal dialog just opens and closes (components/Modal.tsx). */
export function allowDialogs(): void {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
