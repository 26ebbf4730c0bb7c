// Placeholder until this screen is built.
export default function Screen() {
  return <h1 className="text-2xl font-bold">orders</h1>;
}
