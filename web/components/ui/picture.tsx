/**
 * An illustration. Every picture on the site is an SVG served as it is (images.unoptimized), so a
 * plain <img> does all that next/image would here, without shipping its client code to each page.
 * The first screen's picture loads at once at high priority; the rest when scrolled near.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- served as it is: next/image adds only client code
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
    />
  );
}
