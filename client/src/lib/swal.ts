import Swal from 'sweetalert2';

/**
 * SweetAlert2 themed with our tokens (dark mode follows automatically through CSS variables).
 * Use `swal.fire({...})` everywhere instead of importing sweetalert2 directly.
 */
export const swal = Swal.mixin({
  buttonsStyling: false,
  customClass: {
    popup: 'swal-themed',
    confirmButton: 'btn btn-primary mx-1',
    cancelButton: 'btn btn-outline mx-1',
    denyButton: 'btn btn-danger mx-1',
  },
});

/** 'Are you sure?' / 'You won't be able to revert this!' (docs/product.md §8); resolves true when confirmed. */
export async function confirmAction(confirmButtonText = 'Yes'): Promise<boolean> {
  const result = await swal.fire({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText,
  });
  return result.isConfirmed;
}
