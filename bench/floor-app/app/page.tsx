export default function Home() {
  return (
    <main>
      <h1>To get started, edit the page.tsx file.</h1>
      <p>Looking for a starting point or more instructions? Head over to the Next.js docs.</p>
    </main>
  );
}
